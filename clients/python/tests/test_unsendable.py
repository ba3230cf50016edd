"""What petflowd can never accept fails before it is sent: lone surrogates, NaN, infinity."""

from __future__ import annotations

import unittest

import support  # first: it puts clients/python/src on sys.path

import petflow


class UnsendableInputTests(support.SharedClientTestCase):
    def assert_unsendable(self, path: str, call: object) -> petflow.UnsendableInput:
        with self.assertRaises(petflow.UnsendableInput) as raised:
            call()  # type: ignore[operator]
        error = raised.exception
        self.assertIsInstance(error, petflow.PetFlowError)
        self.assertIsInstance(error, ValueError)
        self.assertIsNone(error.code)
        self.assertEqual(error.path, path)
        self.assertIn(path, str(error))
        # Nothing was sent: had petflowd read it, its id:null error would fail this call.
        self.assertEqual(self.client.format("chipNumber", "123456").text, "12345-6")
        return error

    def test_text_with_a_lone_surrogate(self) -> None:
        half_an_emoji = "\ud83d"  # what a UTF-16 slice through 🐶 leaves
        error = self.assert_unsendable(
            "text", lambda: self.client.format("text", "Rex " + half_an_emoji))
        self.assertIn("U+D83D", error.reason)
        self.assert_unsendable(
            "edit.text",
            lambda: self.client.edit("text", "Rex", 3, petflow.insert("\udc36")))

    def test_a_lone_surrogate_in_a_member_name(self) -> None:
        self.assert_unsendable(
            "value.uri\\udc00",
            lambda: self.client.validate("photo", value={"uri\udc00": "file:///a.jpg"}))

    def test_nan_and_infinity(self) -> None:
        error = self.assert_unsendable(
            "value", lambda: self.client.validate("latitude", value=float("nan")))
        self.assertIn("nan", error.reason)
        flow = self.client.start("reportFoundPet")
        self.client.next(flow.flow_id, {"photo": {"uri": "file:///a.jpg",
                                                 "mimeType": "image/jpeg"}})
        self.assert_unsendable(
            "values.animalLongitude",
            lambda: self.client.update(flow.flow_id, {"animalLatitude": 52.1,
                                                      "animalLongitude": float("-inf")}))
        self.assertNotIn("animalLatitude", self.client.state(flow.flow_id).values)


if __name__ == "__main__":
    unittest.main()
