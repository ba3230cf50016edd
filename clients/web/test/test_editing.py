"""Typing, moving the caret, deleting, selecting, cutting, pasting and dropping in the bound
controls of /fields, each through the events a person's keyboard or mouse makes."""

from selenium.webdriver.common.keys import Keys

import harness
from base import BrowserTest

CHIP = "field-chipNumber"
TEXT = "field-text"
PHONE = "field-phone"
LATITUDE = "field-latitude"


class Typing(BrowserTest):
    def test_typing_a_chip_number_key_by_key(self):
        self.page.element(CHIP).click()
        typed = ""
        expected = ["1", "12", "123", "1234", "12345", "12345-6", "12345-67"]
        for digit, shown in zip("1234567", expected):
            self.page.keys(digit)
            typed += digit
            self.assertState(CHIP, shown, len(shown))
        self.page.screenshot("chip-mid-typing")
        self.page.phone_screenshot("readme-playground")

    def test_junk_typed_into_a_chip_number_is_refused(self):
        self.page.prepare(CHIP, "12345", 5)
        self.page.keys("a")
        self.assertState(CHIP, "12345", 5)
        self.assertTrue(self.page.has_flag(CHIP, "rejected") or self.page.has_flag(CHIP, "dropped"))
        self.page.keys("6")  # the next key works as ever, and clears the flag
        self.assertState(CHIP, "12345-6", 7)
        self.assertFalse(self.page.has_flag(CHIP, "rejected"))

    def test_a_full_chip_number_refuses_a_digit_and_keeps_the_caret(self):
        self.page.prepare(CHIP, "123456789012345", 8)
        self.assertState(CHIP, "12345-67890-12345", 8)
        self.page.keys("9")
        self.assertState(CHIP, "12345-67890-12345", 8)
        self.assertTrue(self.page.has_flag(CHIP, "rejected"))

    def test_arabic_indic_digits_typed_become_ascii(self):
        self.page.element(CHIP).click()
        self.page.insert_text("١٢٣٤٥٦")
        self.assertState(CHIP, "12345-6", 7)

    def test_a_phone_typed_key_by_key_ends_as_petflowd_formats_it_whole(self):
        self.page.element(PHONE).click()
        self.page.keys("+48600700800")
        whole = harness.ask("field/format", {"field": "phone", "text": "+48600700800"})
        self.assertState(PHONE, whole["text"], len(whole["text"]))
        self.assertEqual(self.page.text("value-phone"), '"+48600700800"')

    def test_latitude_reads_a_comma_as_the_decimal_separator(self):
        self.page.element(LATITUDE).click()
        self.page.keys("52,2297")
        self.assertState(LATITUDE, "52.2297", 7)
        self.assertEqual(self.page.text("value-latitude"), "52.2297")


class CaretMoves(BrowserTest):
    def test_arrows_home_and_end_move_where_the_next_digit_goes(self):
        self.page.prepare(CHIP, "1234567890", 11)
        self.page.keys(Keys.HOME, "9")
        self.assertState(CHIP, "91234-56789-0", 1)
        self.page.keys(Keys.END, "5")
        self.assertState(CHIP, "91234-56789-05", 14)
        self.page.keys(Keys.LEFT, Keys.LEFT, Keys.LEFT, "7")  # 91234-56789|-05
        self.assertState(CHIP, "91234-56789-705", 13)

    def test_shift_arrows_select_and_typing_replaces_the_selection(self):
        self.page.prepare(CHIP, "1234567890", 3)
        self.page.shift(Keys.RIGHT, Keys.RIGHT, Keys.RIGHT, Keys.RIGHT, Keys.RIGHT)
        self.assertState(CHIP, "12345-67890", 3, 8)
        self.page.keys("0")
        self.assertState(CHIP, "12308-90", 4)

    def test_a_click_puts_the_caret_where_typing_goes(self):
        self.page.prepare(CHIP, "12345")
        self.page.click_at(CHIP, 4)  # left of the first digit
        self.assertEqual(self.page.state(CHIP)[1], 0)
        self.page.keys("0")
        self.assertState(CHIP, "01234-5", 1)
        self.page.click_at(CHIP, self.page.element(CHIP).rect["width"] - 10)  # past the end
        self.page.keys("6")
        self.assertState(CHIP, "01234-56", 8)


class Deleting(BrowserTest):
    def test_backspace_after_the_hyphen_deletes_the_digit_before_it(self):
        self.page.prepare(CHIP, "1234567890", 6)
        self.page.keys(Keys.BACK_SPACE)
        self.assertState(CHIP, "12346-7890", 4)

    def test_delete_before_the_hyphen_deletes_the_digit_after_it(self):
        self.page.prepare(CHIP, "1234567890", 5)
        self.page.keys(Keys.DELETE)
        self.assertState(CHIP, "12345-7890", 6)

    def test_backspace_at_the_start_and_delete_at_the_end_change_nothing(self):
        self.page.prepare(CHIP, "123", 0)
        self.page.keys(Keys.BACK_SPACE)
        self.assertState(CHIP, "123", 0)
        self.page.keys(Keys.END, Keys.DELETE)
        self.assertState(CHIP, "123", 3)

    def test_backspace_held_empties_the_field_and_stops(self):
        self.page.prepare(CHIP, "1234567", 8)
        self.page.keys(*[Keys.BACK_SPACE] * 9)
        self.assertState(CHIP, "", 0)

    def test_word_delete_backward_takes_the_group_before_the_caret(self):
        self.page.prepare(CHIP, "123456789012345", 17)
        self.page.chord(Keys.CONTROL, Keys.BACK_SPACE)
        self.assertState(CHIP, "12345-67890", 11)
        self.page.keys(Keys.LEFT, Keys.LEFT, Keys.LEFT, Keys.LEFT, Keys.LEFT)  # 12345-|67890
        self.page.chord(Keys.CONTROL, Keys.BACK_SPACE)
        self.assertState(CHIP, "67890", 0)

    def test_word_delete_forward_takes_the_group_after_the_caret(self):
        self.page.prepare(CHIP, "123456789012345", 5)
        self.page.chord(Keys.CONTROL, Keys.DELETE)
        self.assertState(CHIP, "12345-12345", 5)

    def test_word_deletes_in_free_text_take_whole_words(self):
        self.page.prepare(TEXT, "Rex is a brown dog", 18)
        self.page.chord(Keys.CONTROL, Keys.BACK_SPACE)
        self.assertState(TEXT, "Rex is a brown ", 15)
        self.page.chord(Keys.CONTROL, Keys.BACK_SPACE)
        self.assertState(TEXT, "Rex is a ", 9)
        self.page.keys(Keys.HOME)
        self.page.chord(Keys.CONTROL, Keys.DELETE)
        self.assertState(TEXT, " is a ", 0)

    def test_a_word_delete_with_a_selection_deletes_the_selection(self):
        self.page.prepare(TEXT, "good dog", 1, 3)
        self.page.chord(Keys.CONTROL, Keys.BACK_SPACE)
        self.assertState(TEXT, "gd dog", 1)


class Emoji(BrowserTest):
    def test_typing_after_an_emoji_counts_it_as_two_utf16_units(self):
        self.page.element(TEXT).click()
        self.page.insert_text("Rex 🐶")
        self.assertState(TEXT, "Rex 🐶", 6)
        self.page.keys("!")
        self.assertState(TEXT, "Rex 🐶!", 7)

    def test_backspace_removes_a_whole_emoji_with_its_skin_tone(self):
        self.page.prepare(TEXT, "ok 👍🏽", 7)
        self.page.keys(Keys.BACK_SPACE)
        self.assertState(TEXT, "ok ", 3)

    def test_typing_before_an_emoji_keeps_it_whole(self):
        self.page.prepare(TEXT, "🐶🐱", 2)
        self.page.keys("x")
        self.assertState(TEXT, "🐶x🐱", 3)


class Clipboard(BrowserTest):
    def test_cut_puts_the_selection_on_the_clipboard_and_deletes_it(self):
        self.page.prepare(CHIP, "1234567890", 3, 8)
        self.page.chord(Keys.CONTROL, "x")
        self.assertState(CHIP, "12389-0", 3)
        self.assertEqual(self.page.clipboard(), "45-67")

    def test_cut_and_paste_elsewhere_moves_the_digits(self):
        self.page.prepare(CHIP, "1234567890", 0, 2)
        self.page.chord(Keys.CONTROL, "x")
        self.assertState(CHIP, "34567-890", 0)
        self.page.keys(Keys.END)
        self.page.chord(Keys.CONTROL, "v")
        self.assertState(CHIP, "34567-89012", 11)

    def test_paste_over_a_selection_replaces_it(self):
        self.page.prepare(CHIP, "1234567890", 6, 11)
        self.page.paste("999")
        self.assertState(CHIP, "12345-999", 9)

    def test_a_paste_with_junk_keeps_the_digits_in_order_and_says_what_it_dropped(self):
        self.page.prepare(CHIP, "", 0)
        self.page.paste("chip: 123 456 / 789")
        self.assertState(CHIP, "12345-6789", 10)
        self.assertTrue(self.page.has_flag(CHIP, "dropped"))
        self.assertFalse(self.page.has_flag(CHIP, "rejected"))
        self.page.keys("0")  # typing goes on, and the flag goes with the next answer
        self.assertFalse(self.page.has_flag(CHIP, "dropped"))

    def test_a_paste_in_free_text_keeps_emoji_and_accents(self):
        self.page.prepare(TEXT, "Pies ", 5)
        self.page.paste("Łatka 🐕‍🦺")
        self.assertState(TEXT, "Pies Łatka 🐕‍🦺", 16)  # the dog is 🐕, a joiner and 🦺: 5 units


class Dropping(BrowserTest):
    def test_text_dropped_at_the_start_goes_there(self):
        self.page.prepare(CHIP, "12345", 5)
        self.page.drop(CHIP, "999")
        self.assertState(CHIP, "99912-345", 3)

    def test_text_dropped_past_the_end_is_appended(self):
        self.page.prepare(CHIP, "12345", 0)
        self.page.drop(CHIP, "6x7", at_end=True)
        self.assertState(CHIP, "12345-67", 8)

    def test_text_dragged_within_the_field_moves_and_is_formatted(self):
        # Chromium moves the text itself (deleteByDrag, then insertFromDrop, which cannot be
        # sent as one edit); the binding formats the result once both halves are in.
        self.page.prepare(CHIP, "1234567890", 0, 3)
        self.page.drag_selection_to_end(CHIP)
        self.assertEqual(self.page.state(CHIP)[0], "45678-90123")
        self.assertEqual(self.page.text("value-chipNumber"), '"4567890123"')
        self.page.keys(Keys.END, "4")  # the control goes on as before
        self.assertState(CHIP, "45678-90123-4", 13)


class ChangesWithoutAnEdit(BrowserTest):
    def test_a_value_a_script_sets_and_says_with_an_input_event_is_formatted(self):
        self.page.prepare(CHIP, "123456789")
        self.assertEqual(self.page.state(CHIP)[0], "12345-6789")
        self.assertEqual(self.page.text("value-chipNumber"), '"123456789"')

    def test_a_value_a_script_sets_silently_is_formatted_before_the_next_key(self):
        # No event says so (the binding never takes over the value property, which frameworks
        # own): the binding sees it at the next key, formats it, and applies the key to that.
        self.page.element(CHIP).click()
        self.page.driver.execute_script("document.getElementById(arguments[0]).value = '123456789'", CHIP)
        self.page.keys(Keys.END, "0")
        self.assertState(CHIP, "12345-67890", 11)
        self.assertEqual(self.page.text("value-chipNumber"), '"1234567890"')
        self.page.chord(Keys.CONTROL, "z")  # undo goes back to the formatted script value
        self.assertState(CHIP, "12345-6789", 10)

    def test_the_binding_leaves_the_elements_value_property_alone(self):
        own = self.page.driver.execute_script(
            "return Object.getOwnPropertyNames(document.getElementById(arguments[0])).includes('value')", CHIP
        )
        self.assertFalse(own)

    def test_an_input_event_the_binding_does_not_map_goes_through_format(self):
        # execCommand('insertText') fires only a non-cancelable input event (no beforeinput
        # the binding handles), as autofill does: the binding formats what it finds.
        self.page.prepare(CHIP, "", 0)
        self.page.driver.execute_script("document.execCommand('insertText', false, '1234567')")
        self.page.idle()
        self.assertState(CHIP, "12345-67", 8)


class KeptText(BrowserTest):
    """Issue 19 in the page: a field shows what the person entered, and its error once left;
    typing never turns it into other valid data."""

    AGE = "field-age"

    def test_one_point_five_typed_into_an_age_stays_and_is_not_whole(self):
        self.page.element(self.AGE).click()
        self.page.keys("1.5")
        self.assertState(self.AGE, "1.5", 3)
        self.page.keys(Keys.TAB)
        self.page.idle()
        self.assertEqual(self.page.text("value-age"), "null")
        self.assertIn("whole years", self.page.text("error-age"))

    def test_an_international_number_pasted_with_00_is_read_as_plus(self):
        self.page.element(PHONE).click()
        self.page.insert_text("0048 600 100 200")
        self.assertState(PHONE, "0048 600 100 200", 16)
        self.assertEqual(self.page.text("value-phone"), '"+48600100200"')

    def test_a_hemisphere_letter_pasted_into_a_latitude_is_its_sign(self):
        self.page.element(LATITUDE).click()
        self.page.insert_text("52.2297 S")
        self.assertState(LATITUDE, "52.2297S", 8)
        self.assertEqual(self.page.text("value-latitude"), "-52.2297")
