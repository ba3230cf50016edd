"""The binding under a framework that owns the control's value: a test page whose input is
controlled as React controls one (its own value tracker on the node, its value set again on
every change). No key is lost, no caret moves, and the framework sees every change."""

from selenium.webdriver.common.keys import Keys

from base import BrowserTest

FIELD = "controlled"


class ControlledInput(BrowserTest):
    path = "/test/pages/controlled.html"

    def framework(self):
        return self.page.driver.execute_script("return window.controlled.state")

    def test_keys_typed_one_by_one_keep_every_digit_and_caret(self):
        self.page.element(FIELD).click()
        for typed, shown in zip("1234567", ["1", "12", "123", "1234", "12345", "12345-6", "12345-67"]):
            self.page.keys(typed)
            self.assertState(FIELD, shown, len(shown))
            self.assertEqual(self.framework()["value"], shown)
        self.page.keys(Keys.HOME, "0")  # an edit in the middle keeps its caret too
        self.assertState(FIELD, "01234-567", 1)
        self.assertEqual(self.framework()["value"], "01234-567")
        self.assertTrue(self.page.driver.execute_script("return window.controlled.ownSetterKept()"))

    def test_a_burst_ends_as_typed_and_the_framework_saw_each_change(self):
        self.page.element(FIELD).click()
        self.page.keys("123456789012345", Keys.BACK_SPACE)  # one action: keys faster than answers
        self.assertState(FIELD, "12345-67890-1234", 16)
        state = self.framework()
        self.assertEqual(state["value"], "12345-67890-1234")
        self.assertEqual(state["changes"], 16)  # fifteen digits and a Backspace, each a change
        self.assertGreaterEqual(state["renders"], 16)  # value set again after every one

    def test_undo_under_the_framework(self):
        self.page.element(FIELD).click()
        self.page.keys("123456")
        self.page.chord(Keys.CONTROL, "z")
        self.assertState(FIELD, "", 0)
        self.assertEqual(self.framework()["value"], "")
        self.page.chord(Keys.CONTROL, "y")
        self.assertState(FIELD, "12345-6", 7)
        self.assertEqual(self.framework()["value"], "12345-6")


class NoSharedState(BrowserTest):
    path = "/test/pages/controlled.html"

    def test_bindings_wait_only_for_what_they_were_given(self):
        # Two bindings, each told of its work through a tracker of its own; one talks to a
        # petflowd that never answers. The other's tracker settles: nothing in the module is
        # shared by every binding.
        settled = self.page.driver.execute_async_script(
            """
            const done = arguments[arguments.length - 1];
            import('/petflow-input.js').then(async ({ bindField, workTracker }) => {
              const [stuck, answered] = ['stuck', 'answered'].map((id) => {
                const input = Object.assign(document.createElement('input'), { id, type: 'text', value: '123456' });
                document.querySelector('main').append(input);
                return input;
              });
              const silent = workTracker();
              const own = workTracker();
              bindField(stuck, { field: 'chipNumber', rpc: () => new Promise(() => {}), track: silent.track });
              bindField(answered, { field: 'chipNumber', rpc: window.controlled.rpc, track: own.track });
              await own.idle();
              done(answered.value);
            });
            """
        )
        self.assertEqual(settled, "12345-6")
