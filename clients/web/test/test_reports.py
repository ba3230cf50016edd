"""Both reports on /, walked to their payloads by keyboard alone (Tab, Enter, Space, arrows;
the photo file is the one thing a keyboard cannot pick, so WebDriver hands it to the file
control), in English and in Polish; a reload and a restarted petflowd mid-report."""

import json
import os
import struct
import tempfile
import zlib

from selenium.webdriver.common.action_chains import ActionChains
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
    """flow/list as the page's petflowd answers it: the titles and labels the page must show."""
    status, answer = harness.rpc({"jsonrpc": "2.0", "id": 1, "method": "flow/list"}, locale)
    assert status == 200, answer
    return {flow["id"]: {step["id"]: step for step in flow["steps"]} for flow in answer["result"]["flows"]}


def message(code, locale, field, given):
    """The message petflowd gives for `code` in `locale`, validating `given` (text, or a
    {"value": ...}) as a required field of kind `field`."""
    params = {"field": field, "options": {"required": True}}
    params.update(given if isinstance(given, dict) else {"text": given})
    status, answer = harness.rpc({"jsonrpc": "2.0", "id": 1, "method": "field/validate", "params": params}, locale)
    error = answer["result"]["error"]
    assert error["code"] == code, error
    return error["message"]


class ReportTest(BrowserTest):
    path = "/"
    locale = "en"

    def setUp(self):
        super().setUp()
        self.page.driver.execute_script("sessionStorage.clear()")
        self.page.open("/", transport=self.transport)
        if self.locale != "en":
            self.tab_to(f"lang-{self.locale}")
            self.page.keys(Keys.ENTER)
        self.steps = definitions(self.locale)

    def tearDown(self):
        self.page.driver.execute_script("sessionStorage.clear()")

    def tab_to(self, element_id, limit=40):
        """Presses Tab until `element_id` has the focus, as a keyboard user would."""
        for _ in range(limit):
            if self.page.focused() == element_id:
                return
            self.page.keys(Keys.TAB)
        self.fail(f"Tab never reached #{element_id} (the focus is on #{self.page.focused()})")

    def type_into(self, field_id, text):
        self.tab_to(f"flow-field-{field_id}")
        self.page.keys(text)

    def assertStep(self, flow, step_id):
        step = self.steps[flow][step_id]
        self.assertEqual(self.page.text("step-title"), step["title"])
        progress = step["progress"]["label"] if step["progress"] else ""
        self.assertEqual(self.page.text("step-progress"), progress)
        for field in step["fields"]:
            label = self.page.driver.find_element("css selector", f"label[for='flow-field-{field['id']}']")
            self.assertEqual(label.text, field["label"])

    def payload(self):
        return json.loads(self.page.text("payload"))


class MissingPet:
    """reportMissingPet, step by step."""

    def test_report_a_missing_pet_by_keyboard(self):
        flow = "reportMissingPet"
        self.tab_to(f"start-{flow}")
        self.page.keys(Keys.ENTER)
        self.assertStep(flow, "chipNumber")
        self.assertEqual(self.page.focused(), "step-title")
        self.type_into("chipNumber", "123456789012345")
        self.assertEqual(self.page.state("flow-field-chipNumber")[0], "12345-67890-12345")
        self.page.screenshot(f"{self.locale}-missing-1-chip")
        self.page.keys(Keys.ENTER)  # Enter in a field is Continue
        self.assertStep(flow, "photo")
        self.page.screenshot(f"{self.locale}-missing-2-photo")
        self.tab_to("next")
        self.page.keys(Keys.SPACE)  # no photo: it is optional
        self.assertStep(flow, "description")
        self.type_into("description", "Brown dachshund, red collar")
        self.page.screenshot(f"{self.locale}-missing-3-description")
        self.tab_to("next")
        self.page.keys(Keys.ENTER)
        self.assertStep(flow, "contactDetails")
        self.type_into("contactPhone", "+48 600 700 800")
        self.type_into("contactEmail", "owner@")
        self.page.keys(Keys.ENTER)
        # The email is not valid: the step stays, the error is under its field and takes the focus.
        self.assertStep(flow, "contactDetails")
        expected = message("email.invalid", self.locale, "email", "owner@")
        self.assertEqual(self.page.text("error-contactEmail"), expected)
        self.assertEqual(self.page.focused(), "flow-field-contactEmail")
        described = self.page.element("flow-field-contactEmail").get_attribute("aria-describedby")
        self.assertIn("error-contactEmail", described.split())
        self.page.screenshot(f"{self.locale}-missing-4-contact-error")
        self.page.screenshot(f"readme-report-{self.locale}", "wizard")
        self.page.keys(Keys.END, "example.com", Keys.ENTER)
        self.assertStep(flow, "summary")
        self.assertEqual(self.page.text("summary-chipNumber"), "12345-67890-12345")
        self.page.screenshot(f"{self.locale}-missing-5-summary")
        self.tab_to("next")
        self.page.keys(Keys.ENTER)
        self.assertEqual(
            self.payload(),
            {
                "chipNumber": "123456789012345",
                "photo": None,
                "description": "Brown dachshund, red collar",
                "contactPhone": "+48600700800",
                "contactEmail": "owner@example.com",
            },
        )
        self.page.screenshot(f"{self.locale}-missing-6-payload")

    def test_back_keeps_what_was_typed_and_back_on_the_first_step_leaves(self):
        flow = "reportMissingPet"
        self.tab_to(f"start-{flow}")
        self.page.keys(Keys.ENTER)
        self.type_into("chipNumber", "12345678")
        self.page.keys(Keys.ENTER)
        self.assertStep(flow, "photo")
        self.tab_to("back")
        self.page.keys(Keys.ENTER)
        self.assertStep(flow, "chipNumber")
        self.assertEqual(self.page.state("flow-field-chipNumber")[0], "12345-678")
        self.tab_to("back")
        self.page.keys(Keys.ENTER)
        self.assertTrue(self.page.element("wizard").get_attribute("hidden") is not None)
        self.assertTrue(self.page.element(f"start-{flow}").is_displayed())


class FoundPet:
    """reportFoundPet, with its required fields."""

    def test_report_a_found_pet_by_keyboard(self):
        flow = "reportFoundPet"
        self.tab_to(f"start-{flow}")
        self.page.keys(Keys.ENTER)
        self.assertStep(flow, "photo")
        self.tab_to("next")
        self.page.keys(Keys.ENTER)  # no photo yet: it is required
        self.assertEqual(self.page.text("error-photo"), message("photo.required", self.locale, "photo", {"value": None}))
        self.assertEqual(self.page.focused(), "flow-field-photo")
        self.assertNotEqual(self.page.text("status"), "")  # "1 field needs your attention."
        self.page.element("flow-field-photo").send_keys(tiny_png())
        self.page.idle()
        self.assertIn("rex.png", self.page.text("photo-info-photo"))
        self.page.screenshot(f"{self.locale}-found-1-photo")
        self.tab_to("next")
        self.page.keys(Keys.ENTER)
        self.assertStep(flow, "petDetails")
        self.assertEqual(self.page.text("status"), "")  # the photo step's announcement has gone
        self.type_into("disappearanceDate", "20240501")
        self.assertEqual(self.page.state("flow-field-disappearanceDate")[0], "2024-05-01")
        self.tab_to("flow-field-animalSpecies")
        self.page.keys(Keys.DOWN)  # the first choice: dog
        self.tab_to("flow-field-animalGender")
        self.page.keys(Keys.DOWN, Keys.DOWN)  # the second: female
        self.type_into("animalLatitude", "52,2297")
        self.type_into("animalLongitude", "21.0122")
        self.type_into("animalAge", "3")
        self.page.screenshot(f"{self.locale}-found-2-details")
        self.page.keys(Keys.ENTER)
        self.assertStep(flow, "contactDetails")
        self.type_into("phone", "+48 123 456 789")
        self.type_into("email", "finder@example.com")
        self.type_into("caregiverPhoneNumber", "600 700 800")
        self.type_into("currentPhysicalAddress", "At the vet, ul. Długa 5")
        self.page.screenshot(f"{self.locale}-found-3-contact")
        self.tab_to("next")
        self.page.keys(Keys.SPACE)
        payload = self.payload()
        self.assertEqual(payload["photo"]["mimeType"], "image/png")
        self.assertGreater(payload["photo"]["sizeBytes"], 0)
        self.assertTrue(payload["photo"]["uri"].startswith("blob:"))  # metadata only, never the file
        self.assertEqual(payload["disappearanceDate"], "2024-05-01")
        self.assertEqual((payload["species"], payload["gender"], payload["age"]), ("dog", "female", 3))
        self.assertEqual(payload["location"], {"latitude": 52.2297, "longitude": 21.0122})
        self.assertEqual(payload["contactDetails"], {"phone": "+48123456789", "email": "finder@example.com", "rewardDescription": None})
        self.assertNotIn("caregiverPhoneNumber", json.dumps(payload))  # stays in the app (FR-016)
        self.page.screenshot(f"{self.locale}-found-4-payload")


class EnglishReports(MissingPet, FoundPet, ReportTest):
    locale = "en"


class PolishReports(MissingPet, FoundPet, ReportTest):
    locale = "pl"
    transport = "ws"  # one walk of each report over the WebSocket transport

    def test_the_page_speaks_polish(self):
        self.assertEqual(self.page.driver.execute_script("return document.documentElement.lang"), "pl")
        self.assertEqual(self.page.text("start-reportMissingPet"), "Zgłoś zaginione zwierzę")
        self.tab_to("start-reportFoundPet")
        self.page.keys(Keys.ENTER)
        self.assertEqual(self.page.text("next"), "Dalej")
        self.assertEqual(self.page.text("back"), "Porzuć zgłoszenie")


class Continuing(ReportTest):
    def start_found_pet_details(self):
        self.tab_to("start-reportFoundPet")
        self.page.keys(Keys.ENTER)
        self.page.element("flow-field-photo").send_keys(tiny_png())
        self.page.idle()
        self.tab_to("next")
        self.page.keys(Keys.ENTER)
        self.assertStep("reportFoundPet", "petDetails")

    def test_a_reload_mid_report_continues_where_it_was(self):
        self.start_found_pet_details()
        self.type_into("disappearanceDate", "2024050")  # not even finished, nor sent
        self.page.driver.refresh()
        self.page.idle()
        self.assertStep("reportFoundPet", "petDetails")
        self.assertEqual(self.page.state("flow-field-disappearanceDate")[0], "2024-05-0")

    def test_a_language_switch_mid_report_keeps_the_report(self):
        self.start_found_pet_details()
        self.type_into("animalLatitude", "52,1")
        self.tab_to("lang-pl")
        self.page.keys(Keys.ENTER)
        self.steps = definitions("pl")
        self.assertStep("reportFoundPet", "petDetails")
        self.assertEqual(self.page.state("flow-field-animalLatitude")[0], "52.1")

    def test_a_petflowd_that_died_is_replaced_and_the_report_goes_on(self):
        self.start_found_pet_details()
        for pid in self.page.bridge.daemons():
            os.kill(pid, 9)
        self.assertTrue(harness.wait_until(lambda: len(self.page.bridge.daemons()) >= 1))
        self.tab_to("next")
        self.page.keys(Keys.ENTER)  # the new petflowd does not know the flow: the page imports it
        self.assertStep("reportFoundPet", "petDetails")
        self.assertEqual(
            self.page.text("error-disappearanceDate"), message("date.required", "en", "date", "")
        )


class Revisions(ReportTest):
    latency = 150  # every call waits 150 ms before it leaves the page

    def test_enter_pressed_twice_moves_one_step(self):
        self.tab_to("start-reportMissingPet")
        self.page.keys(Keys.ENTER)
        self.tab_to("flow-field-chipNumber")
        ActionChains(self.page.driver).send_keys(Keys.ENTER, Keys.ENTER).perform()
        self.page.idle()
        self.assertStep("reportMissingPet", "photo")

    def test_a_flow_changed_elsewhere_is_shown_as_it_is_now_instead_of_moved(self):
        self.tab_to("start-reportMissingPet")
        self.page.keys(Keys.ENTER)
        flow_id = json.loads(self.page.driver.execute_script("return sessionStorage.getItem('petflow.report')"))["flowId"]
        # Another client of the same flow stores a chip number: the page's rev is now stale.
        status, answer = harness.rpc(
            {"jsonrpc": "2.0", "id": 1, "method": "flow/update", "params": {"flowId": flow_id, "values": {"chipNumber": "111112222233333"}}}
        )
        self.assertEqual(status, 200, answer)
        self.type_into("chipNumber", "9")
        self.page.keys(Keys.ENTER)  # refused with -32015: the page shows the flow as it is now
        self.assertStep("reportMissingPet", "chipNumber")
        self.tab_to("next")
        self.page.keys(Keys.ENTER)  # the second press is made on the current rev, and moves
        self.assertStep("reportMissingPet", "photo")


class ContinuingOverWebSocket(Continuing):
    transport = "ws"
