"""Back, Forward and the check page once an answer has changed the path (issue 25), on the
example sighting report (`serve.mjs --flows flows/examples`), whose contact step is asked
only while the animal is still there: an entry the report can no longer show is passed over
the way the person was going, so repeated Back reaches the start page (asking once before
answers are thrown away) and Forward reaches the last page; the check page lists only the
questions on the path; a Change petflowd refuses says why in the error summary; and the
start page counts the reports flow/list offers."""

from selenium.webdriver.common.keys import Keys

from reports import ExampleFlowsTest, definitions

FLOW = "reportSighting"


class BranchHistory(ExampleFlowsTest):
    # Steps

    def back(self):
        self.page.driver.back()
        self.page.idle()

    def forward(self):
        self.page.driver.forward()
        self.page.idle()

    def still_there(self, answer):
        """Picks `answer` ("yes" or "no") among the radios, from whichever is checked now."""
        options = [option["id"] for option in self.steps[FLOW]["where"]["fields"][3]["options"]]
        self.choose("stillThere", options.index(answer) + 1)

    def to_check_page(self, answer):
        """The report walked to its check page, with `answer` to "Is the animal still there?"."""
        self.start(FLOW)
        self.attach_photo()
        self.press("next")
        self.assertStep(FLOW, "where")
        self.type_into("latitude", "52.2297")
        self.type_into("longitude", "21.0122")
        self.choose("species", 1)
        self.still_there(answer)
        self.press("next")
        if answer == "yes":
            self.assertStep(FLOW, "contact")
            self.type_into("phone", "600100200")
            self.page.keys(Keys.ENTER)
        self.assertEqual(self.location(), f"/report/{FLOW}/summary")

    def change_to_gone(self):
        """From the check page of a "yes" report: Change, "no", Continue: back on the check page,
        the contact step now off the path (its phone number dormant)."""
        self.to_check_page("yes")
        self.press("change-stillThere")
        self.assertStep(FLOW, "where")
        self.still_there("no")
        self.press("next")
        self.assertEqual(self.location(), f"/report/{FLOW}/summary")

    def assertShows(self, step_id):
        """The page shows the question page `step_id` at its address (its progress is the
        path's as the answers make it, so not flow/list's)."""
        self.assertEqual(self.location(), f"/report/{FLOW}/{step_id}")
        step = self.steps[FLOW][step_id]
        heading = step["fields"][0]["label"] if len(step["fields"]) == 1 else step["title"]
        self.assertEqual(self.page.text("step-title"), heading)

    def rows(self):
        return self.page.driver.execute_script(
            "return [...document.querySelectorAll('#check-answers dd[id^=summary-]')].map((d) => d.id.slice(8))"
        )

    def moves(self, move, until, limit=10):
        """The addresses `move` (back or forward) passes through until `until()` holds."""
        seen = []
        for _ in range(limit):
            move()
            seen.append(self.location())
            if until():
                return seen
        self.fail(f"{limit} moves never got there: {seen}")

    def dialog_open(self):
        return self.page.element("confirm-leave").is_displayed()

    # Back and Forward

    def test_back_from_the_check_page_after_a_branch_change_reaches_the_start_page(self):
        self.change_to_gone()
        seen = self.moves(self.back, self.dialog_open)
        # The contact step's entry is passed over; the leave dialog asks on the first step's.
        steps = ("where", "summary", "where", "photo", "photo")
        self.assertEqual(seen, [f"/report/{FLOW}/{step}" for step in steps])
        self.tab_to("confirm-leave-yes")
        self.page.keys(Keys.ENTER)
        self.assertTrue(self.page.element("start-screen").is_displayed())
        self.assertEqual(self.location(), "/")

    def test_forward_passes_over_the_skipped_step_to_the_check_page(self):
        self.change_to_gone()
        self.moves(self.back, lambda: self.location() == f"/report/{FLOW}/photo")
        seen = []
        for _ in range(5):  # the last one: there is nothing further
            self.forward()
            seen.append(self.location())
        steps = ("where", "summary", "where", "summary", "summary")
        self.assertEqual(seen, [f"/report/{FLOW}/{step}" for step in steps])
        self.assertTrue(self.page.element("check-answers").is_displayed())
        self.assertNotIn("phone", self.rows())
        self.back()  # and Back goes on from there
        self.assertShows("where")

    def test_back_after_a_change_that_no_longer_validates_goes_on_to_the_steps_before(self):
        self.to_check_page("no")
        self.press("change-latitude")
        self.assertShows("where")
        self.tab_to("flow-field-latitude")
        self.page.chord(Keys.CONTROL, "a")
        self.page.keys(Keys.DELETE)  # the step does not validate now: the check page is out of reach
        self.back()
        self.assertShows("photo")
        self.back()
        self.assertTrue(self.dialog_open())

    def test_back_from_the_sent_report_reaches_the_start_page_and_forward_returns(self):
        self.to_check_page("no")
        self.press("next")
        self.assertTrue(self.page.element("report-sent").is_displayed())
        self.back()  # every entry of the report sent is passed over
        self.assertEqual(self.location(), "/")
        self.assertTrue(self.page.element("start-screen").is_displayed())
        self.forward()
        self.assertEqual(self.location(), f"/report/{FLOW}/sent")
        self.assertTrue(self.page.element("report-sent").is_displayed())

    def test_forward_past_the_entries_of_a_report_left_stays_on_the_start_page(self):
        self.start(FLOW)
        self.back()  # nothing entered: left without asking
        self.assertEqual(self.location(), "/")
        self.forward()
        self.assertEqual(self.location(), "/")
        self.assertTrue(self.page.element("start-screen").is_displayed())
        self.assertFalse(self.page.driver.execute_script("return sessionStorage.getItem('petflow.report') !== null"))

    # The check page

    def test_the_check_page_lists_no_question_the_answers_skip(self):
        self.to_check_page("no")
        self.assertNotIn("phone", self.rows())
        self.assertEqual(sorted(self.rows()), sorted(["photo", "latitude", "longitude", "species", "stillThere"]))
        self.press("next")
        sent = self.page.driver.execute_script(
            "return [...document.querySelectorAll('#sent-answers dd[id^=summary-]')].map((d) => d.id.slice(8))"
        )
        self.assertNotIn("phone", sent)

    def test_a_dormant_answer_is_not_on_the_check_page(self):
        self.change_to_gone()
        self.assertNotIn("phone", self.rows())
        self.assertIsNone(self.page.driver.execute_script("return document.getElementById('change-phone')"))

    def test_a_refused_change_explains_itself(self):
        self.to_check_page("no")
        # A Change link to a step the answers skip, as the page listed it before this issue.
        self.page.driver.execute_script("document.getElementById('change-latitude').dataset.step = 'contact'")
        self.press("change-latitude")
        self.assertEqual(self.location(), f"/report/{FLOW}/summary")
        self.assertEqual(self.page.focused(), "error-summary")
        contact = self.steps[FLOW]["contact"]["title"]
        summary = self.page.element("error-summary")
        self.assertEqual(summary.find_element("tag name", "li").text, self.words("changeOffPath", contact))
        self.assertTrue(self.title().startswith(self.words("errorTitlePrefix")))
        self.page.axe(f"{self.locale}-sighting-change-refused")
        self.press("lang-pl")  # said again in the page's new language
        self.locale = "pl"
        self.steps = definitions("pl")
        contact = self.steps[FLOW]["contact"]["title"]
        self.assertEqual(summary.find_element("tag name", "li").text, self.words("changeOffPath", contact))
        self.page.axe("pl-sighting-change-refused")

    def test_a_refused_change_to_a_step_petflowd_does_not_know_says_so(self):
        self.to_check_page("no")
        self.page.driver.execute_script("document.getElementById('change-species').dataset.step = 'nowhere'")
        self.press("change-species")
        item = self.page.element("error-summary").find_element("tag name", "li")
        self.assertEqual(item.text, self.words("changeUnknown", "nowhere"))

    # The start page

    def test_the_start_page_counts_the_reports_offered(self):
        buttons = self.page.driver.find_elements("css selector", "#start-buttons button")
        self.assertEqual(len(buttons), len(self.steps))
        self.assertGreater(len(self.steps), 2)
        intro = self.page.text("start-intro")
        self.assertEqual(intro, self.words("reportsIntro", len(self.steps)))
        self.assertIn(str(len(self.steps)), intro)
