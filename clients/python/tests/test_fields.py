"""field/*: formatting, edits and their carets, validation, the list of kinds."""

from __future__ import annotations

import unittest

import support  # first: it puts clients/python/src on sys.path

import petflow


class FieldTests(support.SharedClientTestCase):
    def test_initialize_negotiated_utf32(self) -> None:
        self.assertEqual(self.client.server_info.position_encoding, "utf-32")
        self.assertEqual(self.client.server_info.name, "petflowd")
        self.assertEqual(self.client.server_info.today, support.TODAY)
        self.assertIn("field/edit", self.client.server_info.methods)

    def test_format_groups_chip_number_and_keeps_caret_at_end(self) -> None:
        result = self.client.format("chipNumber", "123456")
        self.assertEqual((result.text, result.caret), ("12345-6", 7))
        self.assertEqual(result.selection, petflow.Selection(7, 7))
        self.assertEqual(result.value, "123456")
        self.assertIsNone(result.error)
        self.assertEqual(result.drawn(), "12345-6|")

    def test_format_counts_emoji_before_caret_as_one_str_index(self) -> None:
        text = "🐶" + "123456"
        result = self.client.format("chipNumber", text, len(text))
        self.assertEqual(result.drawn(), "12345-6|")
        # The caret after "🐶123" is str index 4 (UTF-16 would say 5): three digits before it.
        self.assertEqual(self.client.format("chipNumber", "🐶123456", 4).drawn(), "123|45-6")

    def test_format_answers_str_indices_after_emoji(self) -> None:
        text = "🐶🐱 abc"
        result = self.client.format("text", text, len(text))
        self.assertEqual((result.text, result.caret), (text, len(text)))
        self.assertEqual(result.text[: result.caret], "🐶🐱 abc")

    def test_format_with_selection(self) -> None:
        result = self.client.format("chipNumber", "1234567", selection=(1, 6))
        self.assertEqual(result.text, "12345-67")
        self.assertEqual(result.selection, petflow.Selection(1, 7))
        self.assertEqual(result.drawn(), "1[2345-6]7")

    def test_format_reads_arabic_indic_digits(self) -> None:
        result = self.client.format("chipNumber", "١٢٣٤٥٦")
        self.assertEqual((result.text, result.caret, result.value), ("12345-6", 7, "123456"))

    def test_backspace_just_after_hyphen_deletes_digit_before_it(self) -> None:
        result = self.client.edit("chipNumber", "12345-67890", 6, petflow.delete_backward())
        self.assertEqual(result.drawn(), "1234|6-7890")

    def test_paste_with_junk_keeps_digits_and_lands_after_them(self) -> None:
        result = self.client.edit("chipNumber", "12345-67890", 6, petflow.insert(" 9a8-7 "))
        self.assertEqual(result.drawn(), "12345-987|67-890")
        # The "a" was left out (the space and "-" are separators): dropped, not truncated.
        self.assertEqual((result.dropped, result.truncated, result.rejected),
                         (True, False, False))

    def test_digits_past_the_length_are_truncated_not_dropped(self) -> None:
        result = self.client.format("chipNumber", "1234567890123456")
        self.assertEqual((result.text, result.truncated, result.dropped),
                         ("12345-67890-12345", True, False))

    def test_a_str_index_counts_code_points_so_an_emoji_with_a_skin_tone_is_two(self) -> None:
        text = "a👍🏽b"
        self.assertEqual(len("👍🏽"), 2)
        result = self.client.format("text", text, len("a👍🏽"))
        self.assertEqual((result.caret, result.text[: result.caret]), (3, "a👍🏽"))
        # A caret inside the emoji (between it and its skin tone) rounds down to its start.
        self.assertEqual(self.client.format("text", text, 2).caret, 1)

    def test_typing_an_arabic_indic_digit(self) -> None:
        result = self.client.edit("chipNumber", "12345", (5, 5), petflow.insert("٦"))
        self.assertEqual(result.drawn(), "12345-6|")

    def test_delete_forward_over_a_selection_and_replace(self) -> None:
        forward = self.client.edit("chipNumber", "12345-67890", (0, 2), petflow.delete_forward())
        self.assertEqual(forward.drawn(), "|34567-890")
        replaced = self.client.edit("text", "🐶 good boy", 0, petflow.replace(0, 1, "🐱"))
        self.assertEqual(replaced.drawn(), "🐱| good boy")

    def test_edit_takes_the_selection_of_a_previous_result(self) -> None:
        typed = self.client.format("chipNumber", "1234")
        after = self.client.edit("chipNumber", typed.text, typed.selection, petflow.insert("5"))
        self.assertEqual(after.drawn(), "12345|")

    def test_edit_past_the_length_is_rejected(self) -> None:
        full = "12345-67890-12345"
        result = self.client.edit("chipNumber", full, len(full), petflow.insert("6"))
        self.assertTrue(result.rejected)
        self.assertEqual(result.drawn(), full + "|")

    def test_max_length_option_truncates_text(self) -> None:
        result = self.client.format("text", "abcdef", options={"maxLength": 3})
        self.assertTrue(result.truncated)
        self.assertEqual(result.text, "abc")

    def test_format_reports_validation_error_as_result(self) -> None:
        result = self.client.format("date", "20251301")
        self.assertEqual(result.text, "2025-13-01")
        self.assertEqual(result.error and result.error.code, "date.invalid")

    def test_validate_text_value_and_required(self) -> None:
        self.assertEqual(self.client.validate("email", "rex@example.com"),
                         petflow.Validation(True, None, "rex@example.com"))
        self.assertEqual(self.client.validate("age", "12").value, 12)  # the value it would store
        bad = self.client.validate("email", "rex@")
        self.assertFalse(bad.valid)
        self.assertEqual(bad.error and bad.error.code, "email.invalid")
        self.assertTrue(self.client.validate("age", value=3).valid)
        missing = self.client.validate("photo", options={"required": True})
        self.assertEqual(missing.error and missing.error.code, "photo.required")

    def test_whole_values_are_judged_as_given(self) -> None:
        age = self.client.validate("age", "2.5")
        self.assertEqual(age.error and age.error.code, "age.notWhole")
        phone = self.client.validate("phone", "123456789012")
        self.assertEqual(phone.error and (phone.error.code, phone.error.params),
                         ("phone.tooLong", {"max": 11}))

    def test_messages_follow_the_locale(self) -> None:
        with support.client(locale="pl") as polish:
            self.assertEqual(polish.server_info.locale, "pl")
            error = polish.validate("photo", options={"required": True}).error
            self.assertEqual(error and error.message, "Zdjęcie jest wymagane")

    def test_fields_lists_every_kind(self) -> None:
        kinds = {info.kind: info for info in self.client.fields()}
        self.assertIn("chipNumber", kinds)
        self.assertEqual(kinds["chipNumber"].placeholder, "00000-00000-00000")
        self.assertEqual(kinds["chipNumber"].max_length, 15)
        self.assertFalse(kinds["photo"].text_editable)
        self.assertEqual((kinds["phone"].input_mode, kinds["phone"].editing), ("tel", "mask"))
        self.assertEqual((kinds["photo"].input_mode, kinds["photo"].editing), ("none", "none"))
        self.assertEqual(kinds["email"].editing, "freeText")
        self.assertTrue(kinds["latitude"].hint)
        species = kinds["species"].options or []
        self.assertIn(petflow.Choice("dog", "Dog"), species)


if __name__ == "__main__":
    unittest.main()
