"""Check your answers, in both reports, before anything is sent: every answer listed with a
Change link that opens its step, Continue there coming back to the check page; the
missing-pet report's own summary step is that page, the found-pet report's is the demo's,
shown once its last step validates, whose Send report is the submitting flow/next. Then
the confirmation: what was sent, and that nothing left the machine."""

from selenium.webdriver.common.keys import Keys

import harness
from reports import ReportTest


class CheckAnswers(ReportTest):
    def found_pet_to_check_page(self):
        self.start("reportFoundPet")
        self.attach_photo()
        self.press("next")
        self.type_into("disappearanceDate", "20240501")
        self.choose("animalSpecies", 1)
        self.choose("animalGender", 2)
        self.type_into("animalLatitude", "52.1")
        self.type_into("animalLongitude", "21.2")
        self.page.keys(Keys.ENTER)
        self.type_into("phone", "+48600700800")
        self.type_into("email", "finder@example.com")
        self.page.keys(Keys.ENTER)
        self.assertEqual(self.location(), "/report/reportFoundPet/check-answers")

    def test_every_answer_of_the_found_pet_report_is_listed_with_a_change_link(self):
        self.found_pet_to_check_page()
        steps = self.steps["reportFoundPet"]
        species = steps["petDetails"]["fields"][1]
        for step in steps.values():
            for field in step["fields"]:
                link = self.page.element(f"change-{field['id']}")
                # The step's address, keeping the page's own options (?transport=).
                search = self.page.driver.execute_script("return location.search")
                self.assertEqual(link.get_dom_attribute("href"), f"/report/reportFoundPet/{step['id']}{search}")
                self.assertIn(field["label"], link.text + link.get_attribute("textContent"))
        self.assertEqual(self.page.text("summary-animalSpecies"), species["options"][0]["label"])
        self.assertEqual(self.page.text("summary-photo"), "rex.png")
        self.assertEqual(self.page.text("summary-petName"), self.words("notGiven"))
        self.assertIn(self.words("checkTitle"), self.title())

    def test_change_opens_the_step_and_continue_comes_back_to_the_check_page(self):
        self.found_pet_to_check_page()
        self.press("change-animalLatitude")
        self.assertStep("reportFoundPet", "petDetails")
        self.assertEqual(self.page.state("flow-field-animalLatitude")[0], "52.1")
        self.type_into("animalLatitude", Keys.END + "5")
        self.page.keys(Keys.ENTER)
        self.assertEqual(self.location(), "/report/reportFoundPet/check-answers")
        self.assertEqual(self.page.text("summary-animalLatitude"), "52.15")
        self.assertEqual(self.page.focused(), "step-title")
        # A change that does not validate stays on its step, with its error, until it does.
        self.press("change-email")
        self.type_into("email", "nobody@")
        self.page.keys(Keys.ENTER)
        self.assertStep("reportFoundPet", "contactDetails")
        self.assertEqual(self.page.focused(), "error-summary")
        self.type_into("email", Keys.END + "example.com")
        self.page.keys(Keys.ENTER)
        self.assertEqual(self.location(), "/report/reportFoundPet/check-answers")
        self.assertEqual(self.page.text("summary-email"), "nobody@example.com")
        self.press("next")  # Send report
        self.assertEqual(self.payload()["location"], {"latitude": 52.15, "longitude": 21.2})
        self.assertEqual(self.payload()["contactDetails"]["email"], "nobody@example.com")

    def test_the_missing_pet_summary_step_is_its_check_page(self):
        flow = "reportMissingPet"
        self.start(flow)
        self.type_into("chipNumber", "111112222233333")
        self.page.keys(Keys.ENTER)
        for _ in range(3):
            self.press("next")
        self.assertEqual(self.location(), f"/report/{flow}/summary")
        self.assertTrue(self.page.element("check-answers").is_displayed())
        self.assertEqual(self.page.text("summary-chipNumber"), "11111-22222-33333")
        self.press("change-chipNumber")
        self.assertStep(flow, "chipNumber")
        self.tab_to("flow-field-chipNumber")
        self.page.keys(Keys.END, Keys.BACK_SPACE, Keys.ENTER)
        self.assertEqual(self.location(), f"/report/{flow}/summary")
        self.assertEqual(self.page.text("summary-chipNumber"), "11111-22222-3333")
        self.press("next")
        self.assertEqual(self.payload()["chipNumber"], "11111222223333")

    def test_the_sent_report_says_nothing_left_the_machine_and_folds_the_json(self):
        self.found_pet_to_check_page()
        self.press("next")
        panel = self.page.driver.find_element("css selector", "#report-sent .panel")
        self.assertEqual(panel.text, f"{self.words('sentTitle')}\n{self.words('sentBody')}")
        self.assertEqual(self.page.text("summary-email"), "finder@example.com")
        self.assertFalse(self.page.element("payload").is_displayed())  # folded in <details>
        self.tab_to(self.page.driver.execute_script("const s = document.querySelector('#report-sent summary'); s.id = 'payload-summary'; return s.id"))
        self.page.keys(Keys.ENTER)
        self.assertTrue(self.page.element("payload").is_displayed())
        self.page.keys(Keys.TAB)
        self.assertEqual(self.page.focused(), "payload")  # focusable, so its scroll is a keyboard's too
        self.page.phone_screenshot("readme-report-sent")


class CheckPageScreenshot(ReportTest):
    width = harness.PHONE

    def test_the_check_page_at_phone_width(self):
        self.start("reportMissingPet")
        self.type_into("chipNumber", "123456789012345")
        self.page.keys(Keys.ENTER)
        self.press("next")
        self.type_into("description", "Brown dachshund, red collar")
        self.press("next")
        self.type_into("contactPhone", "+48 600 700 800")
        self.type_into("contactEmail", "owner@example.com")
        self.page.keys(Keys.ENTER)
        self.assertTrue(self.page.element("check-answers").is_displayed())
        self.page.phone_screenshot("readme-check-answers", height=900)
