"""What the report tests share: a fresh / in the language and width a test names, the flows
and messages petflowd serves (never written into a test), and the steps a person takes
(Tab to a control, type into it), with checks of what every page must show."""

import json
import os
import struct
import tempfile
import zlib

from selenium.webdriver.common.keys import Keys

import harness
from base import BrowserTest


def tiny_png():
    """A 1x1 PNG file, made here (no test data to ship)."""

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    body = chunk(b"IHDR", struct.pack(">IIBBBBB", 1, 1, 8, 2, 0, 0, 0)) + chunk(b"IDAT", zlib.compress(b"\0\xff\x80\0"))
    path = os.path.join(tempfile.mkdtemp(prefix="petflow-web-"), "rex.png")
    with open(path, "wb") as file:
        file.write(b"\x89PNG\r\n\x1a\n" + body + chunk(b"IEND", b""))
    return path


def definitions(locale):
    """flow/list as petflowd answers it in `locale`: {flow: {step id: step}}."""
    flows = harness.ask("flow/list", None, locale)["flows"]
    return {flow["id"]: {step["id"]: step for step in flow["steps"]} for flow in flows}


def message(code, locale, field, given):
    """The message petflowd gives for `code` in `locale`, validating `given` (text, or a
    {"value": ...}) as a required field of kind `field`."""
    params = {"field": field, "options": {"required": True}}
    params.update(given if isinstance(given, dict) else {"text": given})
    error = harness.ask("field/validate", params, locale)["error"]
    assert error["code"] == code, error
    return error["message"]


class ReportTest(BrowserTest):
    path = "/"
    locale = "en"

    def setUp(self):
        super().setUp()
        self.page.driver.execute_script("sessionStorage.clear()")
        self.page.open("/", self.latency, self.transport, self.width)
        if self.locale != "en":
            self.tab_to(f"lang-{self.locale}")
            self.page.keys(Keys.ENTER)
        self.steps = definitions(self.locale)

    def tearDown(self):
        self.page.driver.execute_script("sessionStorage.clear()")

    # The page's own words, from its strings module

    def words(self, name, *args):
        """A page string; one that is a function (a count, a step's title in it) called with `args`."""
        return self.page.driver.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "import('/app/strings.js').then(({STRINGS}) => { const w = STRINGS[arguments[0]][arguments[1]];"
            " done(typeof w === 'function' ? w(...arguments[2]) : w) })",
            self.locale,
            name,
            list(args),
        )

    # What a person does

    def tab_to(self, element_id, limit=60):
        """Presses Tab until `element_id` has the focus, as a keyboard user would."""
        for _ in range(limit):
            if self.page.focused() == element_id:
                return
            self.page.keys(Keys.TAB)
        self.fail(f"Tab never reached #{element_id} (the focus is on #{self.page.focused()})")

    def type_into(self, field_id, text):
        self.tab_to(f"flow-field-{field_id}")
        self.page.keys(text)

    def choose(self, field_id, downs):
        """Picks choice number `downs` (from 1): of a closed select with ↓ (the first choice is
        one ↓); of radios, Tab reaches the group's checked radio (the first when none is), Space
        checks the first, and ↓ moves on, checking each radio it reaches."""
        control = self.page.element(f"flow-field-{field_id}")
        if control.get_dom_attribute("type") != "radio":
            self.tab_to(f"flow-field-{field_id}")
            self.page.keys(*([Keys.DOWN] * downs))
            return
        name = f"flow-field-{field_id}"
        radios = f"input[type=radio][name='{name}']"
        checked = self.page.driver.execute_script(
            f"return [...document.querySelectorAll(\"{radios}\")].findIndex((r) => r.checked)"
        )
        self.tab_to(self.page.driver.execute_script(f"return document.querySelectorAll(\"{radios}\")[{max(checked, 0)}].id"))
        count = len(self.page.driver.find_elements("css selector", radios))
        if checked < 0:
            self.page.keys(Keys.SPACE)
            checked = 0
        self.page.keys(*([Keys.DOWN] * ((downs - 1 - checked) % count)))
        self.page.idle()

    def attach_photo(self, field_id="photo"):
        """Tabs to the page's own "Choose a photo" button and gives the file picker a file, as
        the browser's chooser would (no keys can pick a file): through DevTools, which, unlike
        WebDriver's send_keys, leaves the focus on the button, where the chooser returns it."""
        self.tab_to(f"flow-field-{field_id}")
        document = self.page.driver.execute_cdp_cmd("DOM.getDocument", {"depth": 0})
        node = self.page.driver.execute_cdp_cmd(
            "DOM.querySelector", {"nodeId": document["root"]["nodeId"], "selector": f"#photo-file-{field_id}"}
        )
        self.page.driver.execute_cdp_cmd("DOM.setFileInputFiles", {"files": [tiny_png()], "nodeId": node["nodeId"]})
        self.page.idle()

    def press(self, element_id, key=Keys.ENTER):
        self.tab_to(element_id)
        self.page.keys(key)

    def start(self, flow):
        self.press(f"start-{flow}")
        self.assertStep(flow, next(iter(self.steps[flow])))

    # What the page shows

    def location(self):
        return self.page.driver.execute_script("return location.pathname")

    def title(self):
        return self.page.driver.title

    def assertFocusUseful(self):
        """The focus is on something a person can act on or read, never on <body>."""
        focused = self.page.driver.execute_script("const e = document.activeElement; return e === document.body || e === null ? null : (e.id || e.tagName)")
        self.assertIsNotNone(focused, "the focus fell to <body>")

    def assertStep(self, flow, step_id):
        """The page shows step `step_id` of `flow` as petflowd describes it, at its own address."""
        step = self.steps[flow][step_id]
        self.assertEqual(self.location(), f"/report/{flow}/{step_id}")
        heading = self.page.text("step-title")
        only = step["fields"][0] if len(step["fields"]) == 1 else None
        if only and not self.is_radios(only["id"]):
            # One question: its label is the page's heading.
            label = self.page.driver.find_element("css selector", f"#step-title label[for='flow-field-{only['id']}']")
            self.assertEqual(label.text, only["label"])
        else:
            self.assertEqual(heading, step["title"])
        self.assertIn(heading, self.title())
        progress = step["progress"]["label"] if step["progress"] else ""
        self.assertEqual(self.page.text("step-progress"), progress)
        for field in step["fields"]:
            control = self.page.element(f"flow-field-{field['id']}")
            # A label, or the legend of radios, whose first radio's id the field's control has;
            # "(optional)" after it where a condition leaves the field optional (the answers
            # given in the page decide: test_flow_features tests when).
            label = self.page.element(f"label-{field['id']}").text
            if field.get("requiredWhen"):
                label = label.removesuffix(f" {self.words('optional')}")
            self.assertEqual(label, field["label"])
            if self.is_radios(field["id"]):
                control = self.page.driver.find_element("css selector", f"fieldset:has(> #label-{field['id']})")
            self.assertIsNone(control.get_dom_attribute("placeholder"), "a hint, never a placeholder")
            described = control.get_dom_attribute("aria-describedby").split()
            self.assertIn(f"error-{field['id']}", described)
            if field.get("hint"):
                self.assertEqual(self.page.text(f"hint-{field['id']}"), field["hint"])
                self.assertIn(f"hint-{field['id']}", described)

    def is_radios(self, field_id):
        return self.page.element(f"flow-field-{field_id}").get_dom_attribute("type") == "radio"

    def assertErrors(self, expected):
        """The errors shown are exactly `expected` ({field id: message}): under each field, and
        in the summary in the step's order, with 'Error: ' before the page's title."""
        shown = self.page.driver.execute_script(
            "return [...document.querySelectorAll('#step-body .error:not([hidden])')].map((e) => [e.id.slice(6), e.textContent])"
        )
        prefix = self.words("errorLabel")
        self.assertEqual({id_: text for id_, text in shown}, {id_: f"{prefix} {m}" for id_, m in expected.items()})
        links = self.page.driver.execute_script(
            "return [...document.querySelectorAll('#error-summary a')].map((a) => [a.getAttribute('href'), a.textContent])"
        )
        self.assertEqual(sorted(links), sorted([f"#flow-field-{id_}", m] for id_, m in expected.items()))
        summary = self.page.element("error-summary")
        if expected:
            self.assertTrue(summary.is_displayed())
            self.assertTrue(self.title().startswith(self.words("errorTitlePrefix")), self.title())
            self.assertEqual(summary.find_element("tag name", "h2").text, self.words("errorSummaryTitle"))
        else:
            self.assertFalse(summary.is_displayed())
            self.assertFalse(self.title().startswith(self.words("errorTitlePrefix")), self.title())

    def payload(self):
        return json.loads(self.page.driver.execute_script("return document.getElementById('payload').textContent"))


class ExampleFlowsTest(ReportTest):
    """A report test against a bridge whose petflowd processes also run the example flow
    files (`serve.mjs --flows flows/examples`): `self.steps` has their reports too."""

    @classmethod
    def setUpClass(cls):
        harness.restart_bridge(flags=("--flows", str(harness.REPO / "flows" / "examples")))

    @classmethod
    def tearDownClass(cls):
        harness.restart_bridge()
