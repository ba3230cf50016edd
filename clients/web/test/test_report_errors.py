"""Errors as the GOV.UK Design System shows them: after a failed Continue, an error summary
first, focused, one link per error; each error kept under its field until that field is
fixed, whatever else happens (a select changed, a blur, a language switch); the page's
title says so while it lasts; a field's new error is said in a live region that was there
before it."""

from selenium.webdriver.common.keys import Keys

import harness
from reports import ReportTest, definitions, message


class ErrorsStayUntilFixed(ReportTest):
    width = harness.PHONE

    def details_with_every_error(self):
        self.start("reportFoundPet")
        self.attach_photo()
        self.press("next")
        self.press("next")  # the details step, empty: every required field is wrong
        return {
            "disappearanceDate": message("date.required", self.locale, "date", ""),
            "animalSpecies": message("species.required", self.locale, "species", ""),
            "animalGender": message("gender.required", self.locale, "gender", ""),
            "animalLatitude": message("latitude.required", self.locale, "latitude", ""),
            "animalLongitude": message("longitude.required", self.locale, "longitude", ""),
        }

    def test_the_summary_comes_first_takes_the_focus_and_links_to_each_field(self):
        errors = self.details_with_every_error()
        self.assertErrors(errors)
        self.assertEqual(self.page.focused(), "error-summary")
        self.page.phone_screenshot("readme-error-summary", height=760)
        first = self.page.driver.execute_script(
            "return document.querySelector('#wizard').querySelector('#error-summary, .caption, #step-title, #step-form').id"
        )
        self.assertEqual(first, "error-summary")  # before the heading and every field
        history = self.page.driver.execute_script("return history.length")
        # The fourth link (latitude), named by script for Tab to find it; then Enter, as a person would.
        link = self.page.driver.execute_script("const a = document.querySelectorAll('#error-summary a')[3]; a.id = 'latitude-link'; return a.id")
        self.tab_to(link)
        self.page.keys(Keys.ENTER)
        self.assertEqual(self.page.focused(), "flow-field-animalLatitude")
        self.assertEqual(self.page.driver.execute_script("return history.length"), history)  # no '#' entry
        self.assertEqual(self.location(), "/report/reportFoundPet/petDetails")

    def test_a_select_change_or_a_blur_clears_no_other_fields_error(self):
        errors = self.details_with_every_error()
        self.choose("animalSpecies", 1)  # the choice is stored, and its error judged again
        self.page.keys(Keys.TAB)
        del errors["animalSpecies"]
        self.assertErrors(errors)
        for _ in range(3):  # blurs, with nothing changed
            self.page.keys(Keys.TAB)
        self.assertErrors(errors)
        # Stored in petflowd too: a reload shows the same errors.
        self.page.driver.refresh()
        self.page.idle()
        self.assertErrors(errors)

    def test_a_field_changed_to_another_wrong_value_gets_that_error_said(self):
        errors = self.details_with_every_error()
        self.type_into("animalLatitude", "100")
        self.page.keys(Keys.TAB)  # left, changed: judged again
        errors["animalLatitude"] = message("latitude.outOfRange", self.locale, "latitude", "100")
        self.assertErrors(errors)
        self.assertIn(errors["animalLatitude"], self.page.text("status"))  # said, in the live region
        self.tab_to("flow-field-animalLatitude")
        self.page.keys(Keys.END, Keys.BACK_SPACE, Keys.TAB)  # 10: right at last
        del errors["animalLatitude"]
        self.assertErrors(errors)

    def test_the_summary_goes_when_the_last_error_is_fixed(self):
        self.details_with_every_error()
        self.type_into("disappearanceDate", "20240501")
        self.choose("animalSpecies", 1)
        self.choose("animalGender", 1)
        self.type_into("animalLatitude", "52")
        self.type_into("animalLongitude", "21")
        self.page.keys(Keys.TAB)
        self.assertErrors({})
        self.assertFocusUseful()

    def test_a_language_switch_says_the_same_errors_in_the_other_language(self):
        errors = self.details_with_every_error()
        self.type_into("animalLatitude", "100")
        self.page.keys(Keys.TAB)
        self.press("lang-pl")
        self.locale = "pl"
        self.steps = definitions("pl")
        self.assertStep("reportFoundPet", "petDetails")
        self.assertEqual(self.page.focused(), "lang-pl")
        polish = {
            "disappearanceDate": message("date.required", "pl", "date", ""),
            "animalSpecies": message("species.required", "pl", "species", ""),
            "animalGender": message("gender.required", "pl", "gender", ""),
            "animalLatitude": message("latitude.outOfRange", "pl", "latitude", "100"),
            "animalLongitude": message("longitude.required", "pl", "longitude", ""),
        }
        self.assertEqual(set(polish), set(errors))
        self.assertErrors(polish)
        self.assertEqual(self.page.state("flow-field-animalLatitude")[0], "100")


class OrderAndFocus(ReportTest):
    width = harness.PHONE

    def test_tab_from_the_last_field_reaches_continue_before_leave(self):
        self.start("reportMissingPet")
        self.tab_to("flow-field-chipNumber")
        self.page.keys(Keys.TAB)
        self.assertEqual(self.page.focused(), "next")
        self.page.keys(Keys.TAB)
        self.assertEqual(self.page.focused(), "leave")
        # The order shown is the DOM order: Continue above (or before) Leave, at this width too.
        continue_, leave = self.page.element("next").rect, self.page.element("leave").rect
        self.assertLessEqual((continue_["y"], continue_["x"]), (leave["y"], leave["x"]))
        self.assertNotIn("reverse", self.page.driver.execute_script("return getComputedStyle(document.querySelector('.actions')).flexDirection"))

    def test_every_action_leaves_the_focus_somewhere_useful(self):
        self.start("reportMissingPet")
        self.assertEqual(self.page.focused(), "step-title")
        self.assertFalse(self.page.element("back").is_displayed())  # nothing before the first step
        self.press("leave")  # nothing entered: leaves at once
        self.assertEqual(self.page.focused(), "start-title")
        self.assertEqual(self.page.text("status").strip(), self.words("left"))
        self.start("reportMissingPet")
        self.press("next")
        self.assertEqual(self.page.focused(), "step-title")
        self.assertTrue(self.page.element("back").is_displayed())
        self.press("back")
        self.assertEqual(self.page.focused(), "step-title")
        self.press("lang-pl")
        self.assertEqual(self.page.focused(), "lang-pl")
        self.press("lang-en")
        self.assertFocusUseful()
