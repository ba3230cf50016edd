"""One bridge (serve.mjs) and one headless Chromium for the whole suite, and the real input
events the tests type with: keys through WebDriver, text, IME and drops through the
DevTools protocol, the clipboard through a granted permission; the page's width (375 or
1280 px) through device metrics; axe-core's WCAG 2.1 A and AA rules on every page state.
"""

import json
import os
import subprocess
import time
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

WEB = Path(__file__).resolve().parent.parent
REPO = WEB.parent.parent
OUT = WEB / "test" / "out"  # fresh screenshots of every run (git-ignored)

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
#: axe-core, taken from the axe-playwright-python wheel by scripts/test.d/browser.sh.
AXE_JS = Path(os.environ.get("AXE_JS", REPO / ".build-venv" / "axe" / "axe.min.js"))
#: The widths every page state is checked at: a phone's and a laptop's.
PHONE, DESKTOP = 375, 1280
#: The rules axe runs: WCAG 2.0 and 2.1, levels A and AA.
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
CHROMEDRIVER = os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")


class Bridge:
    """serve.mjs on a free port (or `port`), with the petflowd given (PETFLOWD; None: no
    --binary) and any other flags; its stderr goes to test/out/LOG."""

    def __init__(self, binary, *flags, port=0, log="serve.log"):
        self.binary = binary
        OUT.mkdir(parents=True, exist_ok=True)  # a fresh clone has no test/out yet
        self.log = OUT / log
        self.process = subprocess.Popen(
            ["node", str(WEB / "serve.mjs"), "--port", str(port), *(["--binary", binary] if binary else []), *flags],
            stdout=subprocess.PIPE,
            stderr=open(self.log, "a"),
            text=True,
        )
        self.url = self.process.stdout.readline().strip()
        if not self.url.startswith("http://127.0.0.1:"):
            self.process.wait(10)
            raise RuntimeError(f"serve.mjs did not print its URL (see {self.log})")
        self.port = int(self.url.rsplit(":", 1)[1].rstrip("/"))

    def daemons(self):
        """The process ids of the petflowd processes the bridge runs."""
        pids = []
        for entry in Path("/proc").iterdir():
            if not entry.name.isdigit():
                continue
            try:
                stat = (entry / "stat").read_text()
                cmdline = (entry / "cmdline").read_bytes().split(b"\0")[0]
            except OSError:
                continue
            parent = int(stat.rsplit(")", 1)[1].split()[1])
            if parent == self.process.pid and cmdline.endswith(b"petflowd"):
                pids.append(int(entry.name))
        return pids

    def newest_daemon(self, session="WebSocket"):
        """The pid of the petflowd the bridge started last for a `session` (a WebSocket: the
        page opened last) that still runs, from its log ("WebSocket 7: petflowd N started")."""
        alive = set(self.daemons())
        started = [
            int(line.split("petflowd ")[1].split()[0])
            for line in self.log.read_text().splitlines()
            if " started (" in line and line.startswith(f"serve.mjs: {session}")
        ]
        return next((pid for pid in reversed(started) if pid in alive), None)

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=10)
        self.process.stdout.close()


class Browser:
    """Headless Chromium from Debian, driven through Debian's chromedriver."""

    def __init__(self):
        options = webdriver.ChromeOptions()
        options.binary_location = CHROMIUM
        for argument in (
            "--headless=new",
            "--no-sandbox",  # needed as root
            "--disable-dev-shm-usage",
            "--disable-gpu",
            "--window-size=1280,900",
            "--lang=en-US",
        ):
            options.add_argument(argument)
        # Selenium's own manager would try to download a driver: give it Debian's.
        self.driver = webdriver.Chrome(options=options, service=webdriver.ChromeService(CHROMEDRIVER))
        self.granted = set()

    def quit(self):
        self.driver.quit()


class Page:
    """What a test does to the page, as a person would, and what it reads back."""

    def __init__(self, browser, bridge):
        self.driver = browser.driver
        self.browser = browser
        self.bridge = bridge

    # Loading and waiting

    def open(self, path, latency=0, transport=None, width=DESKTOP):
        """Loads a page `width` px wide; `latency` (ms) delays every call, `transport` ("wasm",
        "ws", "http") picks one (else the page's own choice: wasm, else a WebSocket, fetch as a
        fallback)."""
        self.width(width)
        query = "&".join(([f"latency={latency}"] if latency else []) + ([f"transport={transport}"] if transport else []))
        self.driver.get(self.bridge.url + path.lstrip("/") + (f"?{query}" if query else ""))
        self.idle()

    def width(self, pixels):
        """Lays the page out `pixels` wide (the viewport, as a phone or a laptop has it)."""
        self.driver.execute_cdp_cmd(
            "Emulation.setDeviceMetricsOverride", {"width": pixels, "height": 900, "deviceScaleFactor": 1, "mobile": False}
        )
        self.current_width = pixels

    # Accessibility

    def axe(self, state):
        """Runs axe-core's WCAG 2.1 A and AA rules on the page as it is, at a phone's and a
        laptop's width (then back to the width it had); raises AssertionError listing every
        violation, naming `state`. Returns the state's name, recorded in CHECKED."""
        if not self.driver.execute_script("return typeof window.axe === 'object'"):
            self.driver.execute_script(AXE_JS.read_text() + "\n;return true")
        width = getattr(self, "current_width", DESKTOP)
        found = []
        for pixels in (PHONE, DESKTOP):
            self.width(pixels)
            violations = self.driver.execute_async_script(
                "const done = arguments[arguments.length - 1];"
                "axe.run(document, {runOnly: {type: 'tag', values: arguments[0]}, resultTypes: ['violations']})"
                ".then((r) => done(r.violations.map((v) => ({id: v.id, help: v.help,"
                " nodes: v.nodes.map((n) => n.target.join(' ') + ': ' + n.failureSummary)}))), (e) => done([{id: 'axe failed', help: String(e), nodes: []}]))",
                AXE_TAGS,
            )
            found += [f"{pixels} px: {v['id']} ({v['help']}): {'; '.join(v['nodes'])}" for v in violations]
        self.width(width)
        CHECKED.add(state)
        if found:
            self.screenshot(f"axe-{state}")
            raise AssertionError(f"axe found {len(found)} violations on '{state}':\n  " + "\n  ".join(found))
        return state

    def idle(self):
        """Waits for window.petflowIdle(): every edit sent so far answered and applied."""
        self.driver.execute_async_script("const done = arguments[0]; window.petflowIdle().then(() => done(true))")

    # Reading

    def element(self, element_id):
        return self.driver.find_element("id", element_id)

    def state(self, element_id):
        """(value, selectionStart, selectionEnd) of a control."""
        return tuple(
            self.driver.execute_script(
                "const e = document.getElementById(arguments[0]); return [e.value, e.selectionStart, e.selectionEnd]",
                element_id,
            )
        )

    def has_flag(self, element_id, flag):
        return self.element(element_id).get_attribute(f"data-petflow-{flag}") is not None

    def text(self, element_id):
        return self.element(element_id).text

    def focused(self):
        return self.driver.switch_to.active_element.get_attribute("id")

    # Setting up (by script: the action under test always comes from a real event)

    def prepare(self, element_id, text, start=None, end=None):
        """Focuses a control, sets its text by script and says so with an `input` event, as a
        page does (formatted by the binding through field/format), and then its selection."""
        self.driver.execute_script(
            "const e = document.getElementById(arguments[0]); e.focus(); e.value = arguments[1];"
            " e.dispatchEvent(new Event('input', {bubbles: true}))",
            element_id,
            text,
        )
        self.idle()
        if start is not None:
            self.select(element_id, start, start if end is None else end)

    def select(self, element_id, start, end):
        self.driver.execute_script(
            "document.getElementById(arguments[0]).setSelectionRange(arguments[1], arguments[2])",
            element_id,
            start,
            end,
        )

    # Real input events

    def keys(self, *keys):
        """Key presses into the focused element (WebDriver: keydown, beforeinput, keyup)."""
        ActionChains(self.driver).send_keys(*keys).perform()
        self.idle()

    def keys_unanswered(self, *keys):
        """Key presses, not waiting for their answers (which may not come while the link is down)."""
        ActionChains(self.driver).send_keys(*keys).perform()

    def shift(self, *keys):
        """Keys pressed with Shift held down (selecting with arrows, Home, End)."""
        ActionChains(self.driver).key_down(Keys.SHIFT).send_keys(*keys).key_up(Keys.SHIFT).perform()
        self.idle()

    def chord(self, modifier, key):
        ActionChains(self.driver).key_down(modifier).send_keys(key).key_up(modifier).perform()
        self.idle()

    def editing_command(self, name):
        """A browser editing command ("undo", "redo"), as the Edit menu or a context menu sends
        it: CDP Input.dispatchKeyEvent with `commands`, no key of its own."""
        self.driver.execute_cdp_cmd("Input.dispatchKeyEvent", {"type": "rawKeyDown", "commands": [name]})
        self.idle()

    def insert_text(self, text):
        """CDP Input.insertText with no composition: one insertText for the whole string."""
        self.driver.execute_cdp_cmd("Input.insertText", {"text": text})
        self.idle()

    def compose(self, steps, commit):
        """An IME composition: each step shows its text, then `commit` ends it ('' cancels)."""
        for text in steps:
            self.driver.execute_cdp_cmd(
                "Input.imeSetComposition", {"text": text, "selectionStart": len(text), "selectionEnd": len(text)}
            )
        if commit:
            self.driver.execute_cdp_cmd("Input.insertText", {"text": commit})
        else:
            self.driver.execute_cdp_cmd("Input.imeSetComposition", {"text": "", "selectionStart": 0, "selectionEnd": 0})
        self.idle()

    def drop(self, element_id, text, at_end=False):
        """Drags text/plain from outside the page onto a control, at its left or right edge."""
        rect = self.driver.execute_script(
            "const r = document.getElementById(arguments[0]).getBoundingClientRect(); return [r.left, r.top, r.width, r.height]",
            element_id,
        )
        x = rect[0] + (rect[2] - 8 if at_end else 6)
        y = rect[1] + rect[3] / 2
        data = {"items": [{"mimeType": "text/plain", "data": text}], "dragOperationsMask": 1}
        for kind in ("dragEnter", "dragOver", "drop"):
            self.driver.execute_cdp_cmd("Input.dispatchDragEvent", {"type": kind, "x": x, "y": y, "data": data})
        self.idle()

    def drag_selection_to_end(self, element_id):
        """Drags a control's selected text (which must start at its first character) with the
        mouse to the right edge of the control: the move Chromium makes itself (deleteByDrag,
        then insertFromDrop). CDP intercepts the drag, so the drop is dispatched here, with the
        text the drag carries."""
        rect, padding, text = self.driver.execute_script(
            "const e = document.getElementById(arguments[0]); const r = e.getBoundingClientRect();"
            " return [[r.left, r.top, r.width, r.height], parseFloat(getComputedStyle(e).paddingLeft),"
            " e.value.slice(e.selectionStart, e.selectionEnd)]",
            element_id,
        )
        y = rect[1] + rect[3] / 2
        start, end = rect[0] + padding + 3, rect[0] + rect[2] - 8  # inside the first character

        def mouse(kind, x):
            self.driver.execute_cdp_cmd(
                "Input.dispatchMouseEvent",
                {"type": kind, "x": x, "y": y, "button": "left", "buttons": 0 if kind == "mouseReleased" else 1, "clickCount": 1},
            )

        self.driver.execute_cdp_cmd("Input.setInterceptDrags", {"enabled": True})
        try:
            mouse("mousePressed", start)
            for step in range(1, 11):
                mouse("mouseMoved", start + (end - start) * step / 10)
            data = {"items": [{"mimeType": "text/plain", "data": text}], "dragOperationsMask": 17}  # copy | move
            for kind in ("dragEnter", "dragOver", "drop"):
                self.driver.execute_cdp_cmd("Input.dispatchDragEvent", {"type": kind, "x": end, "y": y, "data": data})
            mouse("mouseReleased", end)
        finally:
            self.driver.execute_cdp_cmd("Input.setInterceptDrags", {"enabled": False})
        self.idle()

    def click_at(self, element_id, x_offset):
        """A mouse click `x_offset` pixels from the control's left edge."""
        element = self.element(element_id)
        width = element.rect["width"]
        ActionChains(self.driver).move_to_element_with_offset(element, x_offset - width / 2, 0).click().perform()
        self.idle()

    def grant_clipboard(self):
        origin = self.bridge.url.rstrip("/")
        if origin in self.browser.granted:
            return
        self.driver.execute_cdp_cmd(
            "Browser.grantPermissions",
            {"origin": origin, "permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"]},
        )
        self.browser.granted.add(origin)

    def set_clipboard(self, text):
        self.grant_clipboard()
        self.driver.execute_async_script(
            "const done = arguments[1]; navigator.clipboard.writeText(arguments[0]).then(() => done(true), (e) => done(String(e)))",
            text,
        )

    def clipboard(self):
        self.grant_clipboard()
        return self.driver.execute_async_script(
            "const done = arguments[0]; navigator.clipboard.readText().then(done, (e) => done('error: ' + e))"
        )

    def paste(self, text):
        """Ctrl+V with `text` on the clipboard: paste, then beforeinput insertFromPaste."""
        self.set_clipboard(text)
        self.chord(Keys.CONTROL, "v")

    def phone_screenshot(self, name, height=720):
        """Saves the page as a phone shows it: PHONE px wide, from the top."""
        OUT.mkdir(parents=True, exist_ok=True)
        width = getattr(self, "current_width", DESKTOP)
        self.driver.execute_cdp_cmd(
            "Emulation.setDeviceMetricsOverride", {"width": PHONE, "height": height, "deviceScaleFactor": 1, "mobile": False}
        )
        try:
            self.driver.execute_script("window.scrollTo(0, 0)")
            self.driver.save_screenshot(str(OUT / f"{name}.png"))
        finally:
            self.width(width)

    def screenshot(self, name, element_id=None):
        """Saves the viewport (or one element) as test/out/NAME.png."""
        OUT.mkdir(parents=True, exist_ok=True)
        if element_id is None:
            self.driver.save_screenshot(str(OUT / f"{name}.png"))
        else:
            self.element(element_id).screenshot(str(OUT / f"{name}.png"))

    def console_errors(self):
        return [entry for entry in self.driver.get_log("browser") if entry["level"] == "SEVERE"]


_session = None
#: The page states axe has checked in this run (their names), for the suite's closing line.
CHECKED = set()


def session():
    """The suite's one Page (bridge and browser started on first use)."""
    global _session
    if _session is None:
        binary = os.environ.get("PETFLOWD", str(REPO / ".build" / "release" / "petflowd"))
        OUT.mkdir(parents=True, exist_ok=True)
        bridge = Bridge(binary)
        try:
            browser = Browser()
        except Exception:
            bridge.stop()
            raise
        _session = Page(browser, bridge)
    return _session


def restart_bridge(stopped=lambda: None, flags=()):
    """Stops the suite's bridge (its petflowd processes with it), runs `stopped()` while none
    is there, then starts another on the same port, as a restarted server would be, with
    `flags` (`--flows DIR`) if given."""
    page = session()
    binary, port = page.bridge.binary, page.bridge.port
    page.bridge.stop()
    stopped()
    page.bridge = Bridge(binary, *flags, port=port)


def end_session():
    global _session
    if _session is not None:
        _session.browser.quit()
        _session.bridge.stop()
        _session = None
#: The page states axe has checked in this run (their names), for the suite's closing line.
CHECKED = set()


def http(method, path, body=None, headers=None, port=None):
    """A raw HTTP request to the bridge (the path is sent exactly as given): (status, body)."""
    import http.client

    connection = http.client.HTTPConnection("127.0.0.1", port or session().bridge.port, timeout=10)
    try:
        connection.putrequest(method, path, skip_host=True, skip_accept_encoding=True)
        all_headers = {"Host": f"127.0.0.1:{port or session().bridge.port}", **(headers or {})}
        if body is not None:
            all_headers.setdefault("Content-Type", "application/json")
            all_headers["Content-Length"] = str(len(body))
        for name, value in all_headers.items():
            connection.putheader(name, value)
        connection.endheaders(body)
        response = connection.getresponse()
        return response.status, response.read().decode("utf-8", "replace")
    finally:
        connection.close()


def rpc(message, session_id=None, port=None):
    """POSTs a JSON-RPC message (or batch) to the bridge as a same-origin page would: in the
    session `session_id` names (Petflow-Session), else in a petflowd of its own."""
    headers = {"Origin": f"http://127.0.0.1:{port or session().bridge.port}"}
    if session_id:
        headers["Petflow-Session"] = session_id
    status, body = http("POST", "/rpc", json.dumps(message).encode(), headers, port)
    return status, (json.loads(body) if body else None)


def ask(method, params=None, locale="en"):
    """The result of one call to a petflowd of its own, initialized in `locale` (a batch of
    initialize and the call, in one body)."""
    batch = [
        {"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {"positionEncoding": "utf-16", "locale": locale}},
        {"jsonrpc": "2.0", "id": 1, "method": method, **({"params": params} if params is not None else {})},
    ]
    status, answers = rpc(batch)
    assert status == 200 and "result" in answers[1], answers
    return answers[1]["result"]


def wait_until(condition, timeout=5.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.05)
    return False
