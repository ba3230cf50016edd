"""IME composition (CDP Input.imeSetComposition, then Input.insertText to commit): the
composition shows as the user makes it, and its text arrives as one insert that follows the
typing rules."""

from base import BrowserTest

CHIP = "field-chipNumber"
TEXT = "field-text"


class Composition(BrowserTest):
    def test_fullwidth_digits_composed_into_a_chip_number_follow_the_typing_rules(self):
        self.page.prepare(CHIP, "12345", 5)
        self.page.compose(["６", "６７"], "６７")
        self.assertState(CHIP, "12345-67", 8)

    def test_the_composition_shows_while_it_is_made(self):
        self.page.prepare(CHIP, "12345", 5)
        self.page.driver.execute_cdp_cmd("Input.imeSetComposition", {"text": "６７", "selectionStart": 2, "selectionEnd": 2})
        self.page.idle()
        self.assertEqual(self.page.state(CHIP)[0], "12345６７")  # raw: the IME owns it until it ends
        self.page.driver.execute_cdp_cmd("Input.insertText", {"text": "６７"})
        self.page.idle()
        self.assertState(CHIP, "12345-67", 8)

    def test_digits_composed_into_a_full_chip_number_are_refused(self):
        self.page.prepare(CHIP, "123456789012345", 17)
        self.page.compose(["８"], "８")
        self.assertState(CHIP, "12345-67890-12345", 17)
        self.assertTrue(self.page.has_flag(CHIP, "rejected"))

    def test_a_cancelled_composition_leaves_the_text_as_it_was(self):
        self.page.prepare(CHIP, "12345", 3)
        self.page.compose(["９", "９９"], "")
        self.assertState(CHIP, "12345", 3)

    def test_a_composition_over_a_selection_replaces_it(self):
        self.page.prepare(CHIP, "1234567890", 0, 5)
        self.page.compose(["０"], "０")
        self.assertState(CHIP, "06789-0", 1)

    def test_japanese_composed_into_free_text_is_one_insert(self):
        self.page.prepare(TEXT, "Rex ", 4)
        self.page.compose(["に", "にほ", "日本"], "日本")
        self.assertState(TEXT, "Rex 日本", 6)
        self.page.keys("!")  # typing goes on after the composed text
        self.assertState(TEXT, "Rex 日本!", 7)
