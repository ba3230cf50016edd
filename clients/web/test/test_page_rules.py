"""What every page of the demo keeps to, beyond what axe checks: control and button outlines
of at least 3:1 against what is behind them (WCAG 1.4.11, which axe does not measure), the
file control's own translated button at least 44 px tall, hints (never placeholders) tied
to their controls, the start page's one paragraph, and the engine in the page as the
transport (a WebSocket where there is no WebAssembly, fetch when a WebSocket cannot open)."""

from selenium.webdriver.common.keys import Keys

import harness
from reports import ReportTest

# The contrast of the outline of every control shown with the colour behind it, as WCAG
# 2.1 computes it (relative luminance of sRGB).
OUTLINE_CONTRASTS = """
const luminance = (rgb) => {
  const [r, g, b] = rgb.match(/[\\d.]+/g).slice(0, 3).map(Number).map((c) => {
    c /= 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const behind = (element) => {
  for (let e = element.parentElement; e; e = e.parentElement) {
    const colour = getComputedStyle(e).backgroundColor;
    if (!colour.startsWith('rgba(0, 0, 0, 0)') && colour !== 'transparent') return colour;
  }
  return 'rgb(255, 255, 255)';
};
return [...document.querySelectorAll('input:not([type=file]), select, textarea, button')]
  .filter((e) => e.offsetParent !== null)
  .map((e) => {
    const style = getComputedStyle(e);
    const outline = style.borderTopStyle === 'none' || parseFloat(style.borderTopWidth) === 0 ? style.backgroundColor : style.borderTopColor;
    const [a, b] = [luminance(outline), luminance(behind(e))];
    return [e.id || e.textContent, (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05)];
  });
"""


class PageRules(ReportTest):
    width = harness.PHONE

    def assertOutlinesContrast(self):
        for name, ratio in self.page.driver.execute_script(OUTLINE_CONTRASTS):
            self.assertGreaterEqual(ratio, 3.0, f"the outline of {name!r} is {ratio:.2f}:1 against its background")

    def test_every_control_and_button_outline_has_3_to_1_contrast(self):
        self.assertOutlinesContrast()  # the start page and its language buttons
        self.start("reportFoundPet")
        self.attach_photo()
        self.press("next")
        self.assertOutlinesContrast()  # text controls, selects, buttons
        self.press("next")
        self.assertOutlinesContrast()  # with errors
        self.page.open("/fields", transport=self.transport, width=self.width)
        self.assertOutlinesContrast()

    def test_the_photo_has_the_pages_own_translated_button_44_px_tall(self):
        for locale in ("en", "pl"):
            with self.subTest(locale=locale):
                self.press(f"lang-{locale}")
                self.locale = locale
                self.start("reportFoundPet") if locale == "en" else self.press("start-reportFoundPet")
                button = self.page.element("flow-field-photo")
                self.assertEqual(button.tag_name, "button")
                self.assertEqual(button.text, self.words("choosePhoto"))
                self.assertGreaterEqual(button.rect["height"], 44)
                self.assertFalse(self.page.element("photo-file-photo").is_displayed())  # the browser's own, in its language, is not shown
                self.press("leave")

    def test_hints_not_placeholders_on_every_step(self):
        # assertStep checks each field: no placeholder, a hint (when petflowd has one) tied to it.
        self.start("reportFoundPet")
        self.attach_photo()
        self.press("next")
        self.assertStep("reportFoundPet", "petDetails")
        hints = [f for f in self.steps["reportFoundPet"]["petDetails"]["fields"] if f.get("hint")]
        for field in hints:
            self.assertTrue(self.page.element(f"hint-{field['id']}").is_displayed())
        self.page.open("/fields", transport=self.transport, width=self.width)
        for entry in harness.ask("field/list", None, self.locale)["fields"]:
            if not entry["textEditable"]:
                continue
            control = self.page.element(f"field-{entry['kind']}")
            self.assertIsNone(control.get_dom_attribute("placeholder"))
            self.assertIn(f"hint-{entry['kind']}", control.get_dom_attribute("aria-describedby").split())
            if entry.get("hint"):
                self.assertEqual(self.page.text(f"hint-{entry['kind']}"), entry["hint"])

    def test_the_start_page_says_what_the_demo_is_in_one_paragraph(self):
        paragraphs = self.page.driver.find_elements("css selector", "#start-screen p")
        self.assertEqual(len(paragraphs), 1)
        # Its report buttons are flow/list's flows, whatever they are, and it counts them.
        shown = [b.get_dom_attribute("id") for b in self.page.driver.find_elements("css selector", "#start-buttons button")]
        self.assertEqual(shown, [f"start-{flow}" for flow in self.steps])
        self.assertEqual(paragraphs[0].text, self.words("reportsIntro", len(self.steps)))


class Transports(ReportTest):
    """The page's own choice of transport (no ?transport=): the engine in the page where
    WebAssembly is there, else a WebSocket to the bridge, else fetch; one asked for is kept
    even when it fails."""

    transport = None

    def transport_in_use(self):
        return self.page.driver.execute_script("return window.petflowPage.transport()")

    def without(self, source):
        """Runs `source` in every document the page loads from now (until removed)."""
        script = self.page.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": source})
        self.addCleanup(self.page.driver.execute_cdp_cmd, "Page.removeScriptToEvaluateOnNewDocument", {"identifier": script["identifier"]})

    def started_daemons(self):
        return [line for line in self.page.bridge.log.read_text().splitlines() if " petflowd " in line and " started (" in line]

    def test_the_engine_in_the_page_is_the_default_and_starts_no_petflowd(self):
        before = self.started_daemons()
        self.page.open("/", width=self.width)
        self.assertEqual(self.transport_in_use(), "wasm")
        self.start("reportMissingPet")
        self.type_into("chipNumber", "123456")
        self.assertEqual(self.page.state("flow-field-chipNumber")[0], "12345-6")
        self.page.keys(Keys.ENTER)
        self.assertStep("reportMissingPet", "photo")
        self.assertEqual(self.started_daemons(), before)

    def test_a_websocket_where_there_is_no_webassembly(self):
        self.without("delete window.WebAssembly;")
        self.page.open("/", width=self.width)
        self.start("reportMissingPet")
        self.type_into("chipNumber", "123456")
        self.assertEqual(self.page.state("flow-field-chipNumber")[0], "12345-6")
        self.assertEqual(self.transport_in_use(), "ws")

    def test_fetch_when_a_websocket_cannot_open_either(self):
        # Every WebSocket the page opens goes to a port where nothing listens, as behind a
        # proxy that refuses upgrades: it cannot open, while fetch gets through.
        self.without(
            "delete window.WebAssembly;"
            "const Real = WebSocket; window.WebSocket = Object.assign(function () { return new Real('ws://127.0.0.1:9/'); }, {OPEN: 1});"
        )
        self.page.open("/", width=self.width)
        self.start("reportMissingPet")
        self.type_into("chipNumber", "123456")
        self.assertEqual(self.page.state("flow-field-chipNumber")[0], "12345-6")
        self.page.keys(Keys.ENTER)
        self.assertStep("reportMissingPet", "photo")
        self.assertEqual(self.transport_in_use(), "http")

    def test_a_module_that_cannot_load_fails_every_call_saying_why_and_never_falls_back(self):
        self.page.driver.execute_cdp_cmd("Network.enable", {})
        self.page.driver.execute_cdp_cmd("Network.setBlockedURLs", {"urls": ["*/petflow.wasm"]})
        self.addCleanup(self.page.driver.execute_cdp_cmd, "Network.setBlockedURLs", {"urls": []})
        before = self.started_daemons()
        self.page.driver.get(self.page.bridge.url + "fields?transport=wasm")
        # The playground's field/list fails: said in the status line as an unreachable link is.
        self.assertTrue(harness.wait_until(lambda: "petflow.wasm" in self.page.text("status")), self.page.text("status"))
        self.assertEqual(self.transport_in_use(), "wasm")
        self.page.driver.get(self.page.bridge.url + "?transport=wasm")
        self.page.idle()
        self.assertIn("petflow.wasm", self.page.text("status"))
        self.assertEqual(self.page.driver.find_elements("css selector", "#start-buttons button"), [])
        self.assertEqual(self.started_daemons(), before)
