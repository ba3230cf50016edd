"""What flow files can say (issue 28), as the demo shows it: "(optional)" after a conditionally
required question only while the answers leave it optional (and aria-required while they
make it required), judged again in the page at each answer; a rule's error in the error
summary linked to its field; a step's description under its heading; a flow file's choice of
at most five options as radios, by keyboard; the check page listing the questions of the path
taken, each with its answer (test_branch_history: no question of a step the answers skip).
axe on each new page state."""

import json

from selenium.webdriver.common.keys import Keys

import harness
from reports import ExampleFlowsTest, definitions

EXAMPLES = harness.REPO / "flows" / "examples"
FLOW = "injuredAnimal"


class InjuredAnimal(ExampleFlowsTest):
    def to_where(self):
        self.start(FLOW)
        self.attach_photo()
        self.press("next")
        self.assertStep(FLOW, "where")

    def where_answered(self, moving):
        self.to_where()
        self.type_into("latitude", "52.2297")
        self.type_into("longitude", "21.0122")
        self.choose("moving", self.option_number("where", "moving", moving))

    def option_number(self, step, field_id, option):
        """The place (from 1) of `option` among the field's options, as petflowd lists them."""
        field = next(f for f in self.steps[FLOW][step]["fields"] if f["id"] == field_id)
        return [o["id"] for o in field["options"]].index(option) + 1

    def field(self, field_id):
        return next(f for f in self.steps[FLOW]["where"]["fields"] if f["id"] == field_id)

    def reachable_label(self):
        return self.field("reachable")["label"]

    def reachable_state(self):
        """What the page says of "Can rescuers reach it?": its legend's text and aria-required."""
        group = self.page.driver.find_element("css selector", "fieldset:has(> #label-reachable)")
        return self.page.text("label-reachable"), group.get_dom_attribute("aria-required")

    def test_optional_shows_only_while_the_answers_leave_the_question_optional(self):
        self.to_where()
        optional = (f"{self.reachable_label()} {self.words('optional')}", None)
        self.assertEqual(self.reachable_state(), optional)
        self.page.axe("en-injured-where-optional")
        self.page.phone_screenshot("readme-radios-optional", height=1000)
        self.choose("moving", self.option_number("where", "moving", "no"))
        self.assertEqual(self.reachable_state(), (self.reachable_label(), "true"))
        self.page.axe("en-injured-where-required")
        self.choose("moving", self.option_number("where", "moving", "yes"))
        self.assertEqual(self.reachable_state(), optional)

    def test_a_language_switch_keeps_the_radio_chosen_and_says_optional_in_the_new_language(self):
        self.to_where()
        self.choose("moving", self.option_number("where", "moving", "yes"))
        self.press("lang-pl")
        self.locale = "pl"
        self.steps = definitions("pl")
        self.assertTrue(
            harness.wait_until(lambda: self.page.text("label-moving") == self.field("moving")["label"]),
            self.page.text("label-moving"),
        )
        self.assertEqual(self.reachable_state(), (f"{self.reachable_label()} {self.words('optional')}", None))
        radios = self.page.driver.find_elements("css selector", "input[type=radio][name='flow-field-moving']")
        self.assertEqual([r.is_selected() for r in radios], [o["id"] == "yes" for o in self.field("moving")["options"]])
        self.page.axe("pl-injured-where-optional")

    def test_a_conditionally_required_question_left_empty_is_an_error_linked_from_the_summary(self):
        self.where_answered("no")
        self.press("next")
        self.assertStep(FLOW, "where")
        shown = self.page.text("error-reachable").removeprefix(self.words("errorLabel")).strip()
        self.assertTrue(shown)
        self.assertErrors({"reachable": shown})
        self.assertEqual(self.page.focused(), "error-summary")
        self.page.axe("en-injured-where-errors")

    def test_a_choice_of_a_few_options_is_radios_chosen_by_keyboard(self):
        self.to_where()
        moving = next(f for f in self.steps[FLOW]["where"]["fields"] if f["id"] == "moving")
        radios = self.page.driver.find_elements("css selector", "input[type=radio][name='flow-field-moving']")
        labels = [self.page.driver.find_element("css selector", f"label[for='{r.get_dom_attribute('id')}']").text for r in radios]
        self.assertEqual(labels, [o["label"] for o in moving["options"]])
        legend = self.page.driver.find_element("css selector", "fieldset:has(> #label-moving) > legend")
        self.assertEqual(legend.text, moving["label"])
        group = self.page.driver.find_element("css selector", "fieldset:has(> #label-moving)")
        self.assertEqual(group.get_dom_attribute("aria-required"), "true")
        self.choose("moving", 2)  # Space on the first, ↓ to the second
        self.assertEqual([r.is_selected() for r in radios], [False, True])
        self.page.keys(Keys.UP)  # arrows move within the group and check what they reach
        self.page.idle()
        self.assertEqual([r.is_selected() for r in radios], [True, False])
        self.assertEqual(self.page.focused(), "flow-field-moving")

    def test_an_unanswered_radio_question_is_linked_to_its_first_radio(self):
        self.to_where()
        self.press("next")
        group = self.page.driver.find_element("css selector", "fieldset:has(> #label-moving)")
        self.assertEqual(group.get_dom_attribute("aria-invalid"), "true")
        self.assertIn("error-moving", group.get_dom_attribute("aria-describedby").split())
        link = self.page.driver.execute_script(
            "const a = document.querySelector('#error-summary a[href=\"#flow-field-moving\"]'); a.id = 'moving-link'; return a.id"
        )
        self.press(link)
        self.assertEqual(self.page.focused(), "flow-field-moving")

    def test_more_than_five_options_stay_a_select(self):
        shown = self.page.driver.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "import('/app/choice-radios.js').then(({showsAsRadios}) => {"
            " const options = (n) => Array.from({length: n}, (_, i) => ({id: String(i), label: String(i)}));"
            " done([5, 6].map((n) => showsAsRadios({kind: 'choice', options: options(n)}))"
            "   .concat([showsAsRadios({kind: 'gender', options: options(3)})])) })"
        )
        self.assertEqual(shown, [True, False, False])

    def to_contact(self):
        self.where_answered("yes")
        self.press("next")
        self.assertStep(FLOW, "when")
        self.type_into("lastSeen", "20250501")
        self.press("next")
        self.assertStep(FLOW, "contact")

    def test_a_rule_error_is_in_the_summary_linked_to_its_field(self):
        self.to_contact()
        self.press("next")  # neither a phone number nor an e-mail address
        with open(EXAMPLES / f"{FLOW}.json", encoding="utf-8") as file:
            flow = json.load(file)
        rule = next(r for s in flow["steps"] for r in s.get("rules", []) if "atLeastOne" in r)
        field = rule.get("field", rule["atLeastOne"][0])
        self.assertErrors({field: rule["message"][self.locale]})
        self.assertEqual(self.page.focused(), "error-summary")
        self.page.axe("en-injured-contact-rule-error")
        self.press(self.page.driver.execute_script("const a = document.querySelector('#error-summary a'); a.id = 'rule-link'; return a.id"))
        self.assertEqual(self.page.focused(), f"flow-field-{field}")

    def test_the_check_page_lists_each_question_of_the_path_with_its_answer(self):
        self.to_contact()
        self.type_into("email", "finder@example.com")
        self.press("next")
        self.assertEqual(self.location(), f"/report/{FLOW}/summary")
        rows = self.page.driver.execute_script(
            "return [...document.querySelectorAll('#check-answers .summary-row')].map((r) => [r.querySelector('dd').id, r.querySelector('dt').textContent])"
        )
        asked = [(f"summary-{f['id']}", f["label"]) for s in self.steps[FLOW].values() for f in s["fields"]]
        self.assertEqual([tuple(r) for r in rows], asked)
        moving = next(f for f in self.steps[FLOW]["where"]["fields"] if f["id"] == "moving")
        self.assertEqual(self.page.text("summary-moving"), moving["options"][0]["label"])
        self.assertEqual(self.page.text("summary-reachable"), self.words("notGiven"))
        self.assertEqual(self.page.text("summary-email"), "finder@example.com")
        self.page.axe("en-injured-check-answers")


class StepDescription(ExampleFlowsTest):
    """The example report whose steps carry a description (injuredAnimal)."""

    def test_a_step_description_is_a_paragraph_under_its_heading(self):
        flow, steps = next((f, s) for f, s in self.steps.items() if any(step.get("description") for step in s.values()))
        first = next(iter(steps.values()))
        self.start(flow)
        self.assertEqual(self.page.text("step-description"), first["description"])
        after = self.page.driver.execute_script("return document.getElementById('step-title').nextElementSibling.id")
        self.assertEqual(after, "step-description")
        self.page.axe("en-step-description")
        # The next step's own description replaces it.
        self.attach_photo()
        self.press("next")
        second = list(steps.values())[1]
        self.assertStep(flow, second["id"])
        self.assertEqual(self.page.text("step-description"), second.get("description", ""))
