"""Steps the browser knows: each step, the check page and the sent report have their own
address and title; the browser's Back and Forward go to the step their entry names
(flow/goto), Forward to a step that cannot be reached yet passes over it (with nothing
further, the page stays as it is), Back past the first step asks before the report is
thrown away, and a reload continues on any of them. Leaving a
report that has any answer asks first, in the page's own dialog."""

from selenium.webdriver.common.keys import Keys

import harness
from reports import ReportTest


class BackAndForward(ReportTest):
    def browser_back(self):
        self.page.driver.back()
        self.page.idle()

    def browser_forward(self):
        self.page.driver.forward()
        self.page.idle()

    def test_back_and_forward_go_to_the_steps_their_entries_name(self):
        flow = "reportMissingPet"
        self.start(flow)
        self.type_into("chipNumber", "12345678")
        self.page.keys(Keys.ENTER)
        self.assertStep(flow, "photo")
        self.press("next")
        self.assertStep(flow, "description")
        self.type_into("description", "Grey cat")  # typed, not sent: Back keeps it all the same
        self.browser_back()
        self.assertStep(flow, "photo")
        self.assertEqual(self.page.focused(), "step-title")
        self.browser_back()
        self.assertStep(flow, "chipNumber")
        self.assertEqual(self.page.state("flow-field-chipNumber")[0], "12345-678")
        self.browser_forward()
        self.browser_forward()
        self.assertStep(flow, "description")
        self.assertEqual(self.page.state("flow-field-description")[0], "Grey cat")

    def test_forward_to_a_step_that_cannot_be_reached_yet_stays_on_the_page_shown(self):
        flow = "reportFoundPet"
        self.start(flow)
        self.attach_photo()
        self.press("next")
        self.assertStep(flow, "petDetails")
        self.browser_back()
        self.assertStep(flow, "photo")
        self.press("remove-photo")  # the photo is required: the details step is out of reach now
        self.assertEqual(self.page.focused(), "flow-field-photo")
        self.browser_forward()
        self.assertStep(flow, "photo")
        self.browser_back()  # and Back goes on from there, before the photo step
        self.assertEqual(self.location(), "/")

    def test_back_past_the_first_step_asks_before_leaving(self):
        flow = "reportMissingPet"
        self.start(flow)
        self.type_into("chipNumber", "123")
        self.browser_back()
        self.assertTrue(self.page.element("confirm-leave").is_displayed())
        self.assertEqual(self.location(), f"/report/{flow}/chipNumber")  # still the step's entry
        self.page.keys(Keys.ESCAPE)  # stay
        self.assertFalse(self.page.element("confirm-leave").is_displayed())
        self.assertStep(flow, "chipNumber")
        self.assertEqual(self.page.state("flow-field-chipNumber")[0], "123")
        self.browser_back()
        self.tab_to("confirm-leave-yes")
        self.page.keys(Keys.ENTER)
        self.assertTrue(self.page.element("start-screen").is_displayed())
        self.assertEqual(self.page.focused(), "start-title")
        self.assertEqual(self.page.text("status").strip(), self.words("left"))
        self.assertEqual(self.page.driver.execute_script("return sessionStorage.getItem('petflow.report')"), None)

    def test_back_past_the_first_step_of_an_empty_report_leaves_without_asking(self):
        self.start("reportMissingPet")
        self.browser_back()
        self.assertFalse(self.page.element("confirm-leave").is_displayed())
        self.assertEqual(self.location(), "/")
        self.assertEqual(self.page.focused(), "start-title")

    def test_a_report_opened_in_a_tab_of_its_own_has_the_start_page_before_it(self):
        flow = "reportMissingPet"
        self.start(flow)
        self.type_into("chipNumber", "123")
        self.page.keys(Keys.ENTER)
        self.assertStep(flow, "photo")
        # A duplicated tab: the same address and sessionStorage, and no history of its own.
        driver = self.page.driver
        first = driver.current_window_handle
        driver.execute_script("window.open(location.href)")
        driver.switch_to.window(next(handle for handle in driver.window_handles if handle != first))
        try:
            self.page.idle()
            self.assertStep(flow, "photo")
            self.browser_back()  # to the start page, put before the report: it asks first
            self.assertTrue(self.page.element("confirm-leave").is_displayed())
            self.assertStep(flow, "photo")
        finally:
            driver.close()
            driver.switch_to.window(first)


class Reloading(ReportTest):
    width = harness.PHONE

    def reload(self):
        self.page.driver.refresh()
        self.page.idle()

    def test_a_reload_on_any_step_continues_there(self):
        flow = "reportFoundPet"
        self.start(flow)
        self.attach_photo()
        self.press("next")
        self.type_into("disappearanceDate", "2024050")  # not even finished, nor sent
        self.reload()
        self.assertStep(flow, "petDetails")
        self.assertEqual(self.page.state("flow-field-disappearanceDate")[0], "2024-05-0")
        self.page.driver.back()  # a reload keeps the history: Back is the photo step
        self.page.idle()
        self.assertStep(flow, "photo")
        self.reload()
        self.assertStep(flow, "photo")

    def test_a_reload_and_a_language_switch_on_the_demos_check_page_keep_it(self):
        flow = "reportFoundPet"
        self.start(flow)
        self.attach_photo()
        self.press("next")
        self.type_into("disappearanceDate", "20240501")
        self.choose("animalSpecies", 1)
        self.choose("animalGender", 1)
        self.type_into("animalLatitude", "52")
        self.type_into("animalLongitude", "21")
        self.page.keys(Keys.ENTER)
        self.type_into("phone", "600700800")
        self.type_into("email", "a@example.com")
        self.page.keys(Keys.ENTER)
        self.assertEqual(self.location(), f"/report/{flow}/check-answers")
        self.reload()
        self.assertEqual(self.location(), f"/report/{flow}/check-answers")
        self.assertEqual(self.page.text("summary-email"), "a@example.com")
        self.press("lang-pl")
        self.locale = "pl"
        self.assertEqual(self.page.text("step-title"), self.words("checkTitle"))
        species = harness.ask("flow/list", None, "pl")["flows"][1]["steps"][1]["fields"][1]
        self.assertEqual(self.page.text("summary-animalSpecies"), species["options"][0]["label"])
        self.press("next")
        self.press("lang-en")
        self.locale = "en"
        self.assertEqual(self.page.text("sent-title"), self.words("sentTitle"))
        self.assertEqual(self.page.focused(), "lang-en")

    def test_a_reload_of_the_check_page_and_of_the_sent_report_shows_them_again(self):
        flow = "reportMissingPet"
        self.start(flow)
        for _ in range(4):
            self.press("next")
        self.assertEqual(self.location(), f"/report/{flow}/summary")
        self.reload()
        self.assertEqual(self.location(), f"/report/{flow}/summary")
        self.assertTrue(self.page.element("check-answers").is_displayed())
        self.press("next")
        self.assertTrue(self.page.element("report-sent").is_displayed())
        self.reload()
        self.assertTrue(self.page.element("report-sent").is_displayed())
        self.assertEqual(self.payload()["chipNumber"], None)
