"""Keys faster than answers: a slow link (?latency=) makes every keystroke of a burst arrive
before the first answer; none is lost, reordered or applied twice, and a caret the user
moves meanwhile stays where the user put it."""

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

from base import BrowserTest

CHIP = "field-chipNumber"
TEXT = "field-text"


class Burst(BrowserTest):
    latency = 40  # ms before each call leaves the page

    def test_fifteen_digits_in_one_burst_end_as_typed_one_by_one(self):
        self.page.element(CHIP).click()
        self.page.keys("123456789012345")  # one WebDriver action: no waiting between keys
        burst = self.page.state(CHIP)
        self.page.prepare(CHIP, "", 0)
        for digit in "123456789012345":
            self.page.keys(digit)
        self.assertEqual(burst, self.page.state(CHIP))
        self.assertEqual(burst, ("12345-67890-12345", 17, 17))

    def test_a_burst_of_mixed_edits_applies_each_to_the_state_before(self):
        self.page.prepare(CHIP, "", 0)
        self.page.keys("1234567", Keys.BACK_SPACE, Keys.BACK_SPACE, "89", Keys.HOME, "0", Keys.END, Keys.BACK_SPACE)
        # 1234567 -> 12345 -> 1234589 -> (Home) 01234589 -> (End, Backspace) 0123458
        self.assertState(CHIP, "01234-58", 8)

    def test_a_burst_of_text_with_emoji_keeps_every_character(self):
        self.page.element(TEXT).click()
        self.page.insert_text("🐶")
        self.page.keys("Rex", Keys.SPACE, "is", Keys.SPACE, "here")
        self.assertState(TEXT, "🐶Rex is here", 13)


class CaretMovedWhileWaiting(BrowserTest):
    latency = 300

    def type_then_click_at_the_start(self, *keys):
        """Types `keys` at the end of 12345 and clicks at the field's left edge in one action,
        all while the answers are on their way."""
        self.page.prepare(CHIP, "12345", 5)
        field = self.page.element(CHIP)
        left_edge = 4 - field.rect["width"] / 2
        ActionChains(self.page.driver).send_keys(*keys).move_to_element_with_offset(field, left_edge, 0).click().perform()
        self.page.idle()

    def test_a_caret_the_user_clicks_elsewhere_while_an_answer_is_pending_stays(self):
        self.type_then_click_at_the_start("6")  # its answer is 300 ms away at the click
        self.assertState(CHIP, "12345-6", 0)
        self.page.keys("9")  # and the next edit goes where the user put the caret
        self.assertState(CHIP, "91234-56", 1)

    def test_keys_typed_before_a_click_go_where_they_were_typed(self):
        self.type_then_click_at_the_start("67")  # the 7 waits for the 6's answer
        self.assertState(CHIP, "12345-67", 0)
        self.page.keys("9")
        self.assertState(CHIP, "91234-567", 1)

    def test_a_caret_key_typed_before_a_click_moves_where_the_edits_go(self):
        self.type_then_click_at_the_start("6", Keys.LEFT, "7")
        # 12345-6| -> (Left) 12345-|6 -> 12345-7|6, and the click's caret last
        self.assertState(CHIP, "12345-76", 0)

    def test_home_pressed_while_an_answer_is_pending_lands_on_the_new_text(self):
        self.page.prepare(CHIP, "12345", 5)
        ActionChains(self.page.driver).send_keys("6", Keys.HOME).perform()
        self.page.idle()
        self.assertState(CHIP, "12345-6", 0)

    def test_without_a_move_the_answer_places_the_caret(self):
        self.page.prepare(CHIP, "12345", 5)
        self.page.keys("6")
        self.assertState(CHIP, "12345-6", 7)


class CaretKeysInABurst(BrowserTest):
    latency = 40

    def test_home_end_and_arrows_in_a_burst_act_on_the_text_the_answers_leave(self):
        self.page.element(CHIP).click()
        self.page.keys("1234", Keys.HOME, "0", Keys.END, "5", Keys.LEFT, Keys.LEFT, "9")
        # 1234 -> (Home) 01234 -> (End) 01234-5| -> (Left Left) 01234|-5 -> 01234-9|5
        self.assertState(CHIP, "01234-95", 7)

    def test_shift_home_in_a_burst_selects_what_was_typed(self):
        self.page.element(TEXT).click()
        self.page.keys("dog")
        ActionChains(self.page.driver).send_keys("gy").key_down(Keys.SHIFT).send_keys(Keys.HOME).key_up(Keys.SHIFT).send_keys("cat").perform()
        self.page.idle()
        self.assertState(TEXT, "cat", 3)

    def test_up_and_down_in_a_burst_act_on_the_text_the_answers_leave(self):
        self.page.element(CHIP).click()
        self.page.keys("1234", Keys.UP, "0", Keys.DOWN, "5")
        # In a one-line control Up goes to the start and Down to the end: 01234 -> 01234-5|
        self.assertState(CHIP, "01234-5", 7)

    def test_up_in_a_textarea_moves_a_line_of_the_text_the_answers_leave(self):
        # A textarea bound as free text, as a report's description is (through the page's own
        # modules, so it shares the page's slow link and petflowIdle).
        self.page.driver.execute_async_script(
            """
            const done = arguments[0];
            import('/petflow-input.js').then((input) => {
              const area = document.createElement('textarea');
              area.id = 'burst-area';
              area.rows = 4;
              document.body.prepend(area);
              input.bindField(area, { field: 'text', rpc: window.petflowPage.rpc, track: window.petflowPage.track });
              area.focus();
              done(true);
            });
            """
        )
        self.page.idle()
        self.page.keys("ab", Keys.ENTER, "cd", Keys.UP, "X", Keys.DOWN, "Y")
        # ab|cd -> (Up) ab| on the first line -> abX -> (Down) cd| on the second -> cdY
        self.assertState("burst-area", "abX\ncdY", 7)


class BurstAnsweredAtOnce(Burst):
    latency = 0  # the engine in the page answers each key within its own event


class BurstOverWebSocket(Burst):
    transport = "ws"


class BurstOverFetch(Burst):
    transport = "http"  # the bridge's fallback transport: a fetch per call
