"""flow/*: a found-pet report walked to its payload, a missing-pet report backed out of."""

from __future__ import annotations

import unittest

import support  # first: it puts clients/python/src on sys.path

import petflow

PHOTO = {"uri": "file:///photos/rex.jpg", "mimeType": "image/jpeg", "sizeBytes": 120000}
PET_DETAILS = {
    "disappearanceDate": "2025-05-30",
    "animalSpecies": "dog",
    "animalGender": "male",
    "animalLatitude": "52.2297",
    "animalLongitude": 21.0122,
    "chipNumber": "12345-67890-12345",
    "animalAge": "3",
}
CONTACT = {"phone": "+48 123 456 789", "email": "finder@example.com"}


class FlowTests(support.SharedClientTestCase):
    def test_flows_lists_the_built_in_reports_with_their_steps(self) -> None:
        flows = {flow.id: flow for flow in self.client.flows()}
        # The built-in reports are the files directly in flows/ (BuiltInFlowsTests holds the
        # compiled ones to them), whichever they are.
        built_in = {path.stem for path in (support.REPOSITORY / "flows").glob("*.json")}
        self.assertEqual(set(flows), built_in)
        self.assertLessEqual({"reportMissingPet", "reportFoundPet"}, set(flows))
        found = flows["reportFoundPet"]
        self.assertEqual([s.id for s in found.steps], ["photo", "petDetails", "contactDetails"])
        self.assertEqual(found.steps[1].progress, petflow.Progress(2, 3, "2/3"))
        self.assertIn("chipNumber", [f.id for f in found.steps[1].fields])

    def test_found_pet_report_walks_to_its_payload(self) -> None:
        flow = self.client.start("reportFoundPet")
        self.assertEqual((flow.status, flow.step and flow.step.id, flow.can_back),
                         ("active", "photo", False))

        refused = self.client.next(flow.flow_id)
        self.assertEqual(refused.step and refused.step.id, "photo")
        self.assertEqual(refused.errors["photo"].code, "photo.required")

        details = self.client.next(flow.flow_id, {"photo": PHOTO})
        self.assertEqual(details.step and details.step.id, "petDetails")
        self.assertTrue(details.can_back)

        contact = self.client.next(flow.flow_id, PET_DETAILS)
        self.assertEqual(contact.step and contact.step.id, "contactDetails")
        self.assertEqual(contact.values["chipNumber"], "123456789012345")
        self.assertEqual(contact.display["chipNumber"], "12345-67890-12345")

        submitted = self.client.next(flow.flow_id, CONTACT)
        self.assertEqual(submitted.status, "submitted")
        self.assertEqual(submitted.payload, {
            "photo": PHOTO,
            "chipNumber": "123456789012345",
            "disappearanceDate": "2025-05-30",
            "species": "dog",
            "race": None,
            "gender": "male",
            "age": 3,
            "location": {"latitude": 52.2297, "longitude": 21.0122},
            "additionalDescription": None,
            "contactDetails": {"phone": "+48123456789", "email": "finder@example.com",
                               "rewardDescription": None},
        })
        self.assertEqual(self.client.state(flow.flow_id).status, "submitted")

    def test_update_stores_values_without_moving_on(self) -> None:
        flow = self.client.start("reportFoundPet")
        self.client.next(flow.flow_id, {"photo": PHOTO})
        updated = self.client.update(flow.flow_id, {"disappearanceDate": "20250530"})
        self.assertEqual(updated.step and updated.step.id, "petDetails")
        self.assertEqual(updated.values["disappearanceDate"], "2025-05-30")
        self.assertGreater(updated.rev, flow.rev)
        self.assertEqual(self.client.state(flow.flow_id).values, updated.values)

    def test_validate_flow_reports_errors_without_storing(self) -> None:
        flow = self.client.start("reportFoundPet")
        self.client.next(flow.flow_id, {"photo": PHOTO})
        check = self.client.validate_flow(flow.flow_id, {"disappearanceDate": "2025-13-01"},
                                          fields=["disappearanceDate"])
        self.assertFalse(check.valid)
        self.assertEqual(list(check.errors), ["disappearanceDate"])
        self.assertEqual(check.errors["disappearanceDate"].code, "date.invalid")
        self.assertNotIn("disappearanceDate", self.client.state(flow.flow_id).values)

    def test_export_and_import_continue_a_flow_under_a_new_id(self) -> None:
        flow = self.client.start("reportFoundPet")
        self.client.next(flow.flow_id, {"photo": PHOTO})
        before = self.client.next(flow.flow_id, PET_DETAILS)
        snapshot = self.client.export(flow.flow_id)
        self.assertEqual((snapshot["flow"], snapshot["step"]), ("reportFoundPet", "contactDetails"))
        restored = self.client.import_snapshot(snapshot)
        self.assertNotEqual(restored.flow_id, flow.flow_id)
        self.assertEqual(restored.step and restored.step.id, "contactDetails")
        self.assertEqual(restored.values, before.values)
        self.assertEqual(self.client.next(restored.flow_id, CONTACT).status, "submitted")

    def test_missing_pet_report_goes_back_keeping_values_then_cancels(self) -> None:
        flow = self.client.start("reportMissingPet")
        photo_step = self.client.next(flow.flow_id, {"chipNumber": "123456"})
        self.assertEqual(photo_step.step and photo_step.step.id, "photo")
        back = self.client.back(flow.flow_id)
        self.assertEqual(back.step and back.step.id, "chipNumber")
        self.assertEqual(back.values, {"chipNumber": "123456"})
        self.assertFalse(back.can_back)

        cancelled = self.client.cancel(flow.flow_id)
        self.assertEqual((cancelled.status, cancelled.step), ("cancelled", None))
        with self.assertRaises(petflow.PetFlowError) as raised:
            self.client.next(flow.flow_id)
        self.assertEqual(raised.exception.code, -32011)
        self.assertEqual(raised.exception.data["status"], "cancelled")

    def test_a_stale_rev_changes_nothing_and_carries_the_current_snapshot(self) -> None:
        flow = self.client.start("reportMissingPet")
        moved = self.client.next(flow.flow_id, {"chipNumber": "123456"}, rev=flow.rev)
        self.assertEqual(moved.step and moved.step.id, "photo")
        # The same Continue again (a double click), with the rev the UI showed before:
        with self.assertRaises(petflow.StaleRevision) as raised:
            self.client.next(flow.flow_id, rev=flow.rev)
        stale = raised.exception
        self.assertIsInstance(stale, petflow.PetFlowError)
        self.assertEqual(stale.code, -32015)
        self.assertEqual((stale.flow_id, stale.rev), (flow.flow_id, moved.rev))
        now = self.client.state(flow.flow_id)
        self.assertEqual(now.raw, moved.raw)  # nothing changed
        self.assertIsNotNone(stale.snapshot)
        assert stale.snapshot is not None
        self.assertEqual(stale.snapshot.raw, now.raw)
        self.assertEqual(stale.snapshot.step and stale.snapshot.step.id, "photo")

    def test_every_moving_call_takes_a_rev(self) -> None:
        flow = self.client.start("reportMissingPet")
        updated = self.client.update(flow.flow_id, {"chipNumber": "1"}, rev=flow.rev)
        for call in (lambda: self.client.update(flow.flow_id, {"chipNumber": "2"}, rev=flow.rev),
                     lambda: self.client.back(flow.flow_id, rev=flow.rev),
                     lambda: self.client.cancel(flow.flow_id, rev=flow.rev)):
            with self.assertRaises(petflow.StaleRevision) as raised:
                call()
            self.assertEqual(raised.exception.rev, updated.rev)
        self.assertEqual(self.client.state(flow.flow_id).values, {"chipNumber": "1"})
        self.assertEqual(self.client.cancel(flow.flow_id, rev=updated.rev).status, "cancelled")

    def test_back_on_the_first_step_cancels(self) -> None:
        flow = self.client.start("reportMissingPet")
        self.assertEqual(self.client.back(flow.flow_id).status, "cancelled")

    def test_unknown_flow_and_flow_id_are_errors(self) -> None:
        with self.assertRaises(petflow.PetFlowError) as unknown_flow:
            self.client.start("reportLostKeys")
        self.assertEqual(unknown_flow.exception.code, -32012)
        with self.assertRaises(petflow.PetFlowError) as unknown_id:
            self.client.state("no-such-flow")
        self.assertEqual(unknown_id.exception.code, -32010)
        self.assertEqual(unknown_id.exception.data, {"flowId": "no-such-flow"})


class GotoTests(support.SharedClientTestCase):
    def reached_contact_details(self) -> petflow.FlowSnapshot:
        flow = self.client.start("reportFoundPet")
        flow = self.client.next(flow.flow_id, {"photo": PHOTO})
        return self.client.next(flow.flow_id, PET_DETAILS)

    def test_goto_an_earlier_step_keeps_the_values(self) -> None:
        flow = self.reached_contact_details()
        self.assertEqual(flow.step and flow.step.id, "contactDetails")
        back = self.client.goto(flow.flow_id, "photo", rev=flow.rev)
        self.assertEqual((back.step and back.step.id, back.rev), ("photo", flow.rev + 1))
        self.assertEqual(back.values["chipNumber"], "123456789012345")
        ahead = self.client.goto(flow.flow_id, "contactDetails", rev=back.rev)
        self.assertEqual(ahead.step and ahead.step.id, "contactDetails")

    def test_goto_the_current_step_changes_nothing(self) -> None:
        flow = self.reached_contact_details()
        same = self.client.goto(flow.flow_id, "contactDetails")
        self.assertEqual((same.step and same.step.id, same.rev), ("contactDetails", flow.rev))

    def test_goto_a_step_out_of_reach_or_unknown_says_why(self) -> None:
        flow = self.client.start("reportFoundPet")
        for step, data in (
            ("contactDetails", {"parameter": "step", "reason": "blocked", "blockedBy": "photo"}),
            ("dragons", {"parameter": "step", "reason": "unknown"}),
        ):
            with self.subTest(step=step):
                with self.assertRaises(petflow.PetFlowError) as raised:
                    self.client.goto(flow.flow_id, step)
                self.assertEqual((raised.exception.code, raised.exception.data), (-32602, data))

    def test_goto_with_a_stale_rev_changes_nothing(self) -> None:
        flow = self.reached_contact_details()
        with self.assertRaises(petflow.StaleRevision) as raised:
            self.client.goto(flow.flow_id, "photo", rev=flow.rev - 1)
        self.assertEqual(raised.exception.snapshot.step and raised.exception.snapshot.step.id, "contactDetails")

    def test_goto_on_an_ended_flow_is_refused(self) -> None:
        flow = self.client.start("reportMissingPet")
        self.client.cancel(flow.flow_id)
        with self.assertRaises(petflow.PetFlowError) as raised:
            self.client.goto(flow.flow_id, "chipNumber")
        self.assertEqual(raised.exception.code, -32011)


if __name__ == "__main__":
    unittest.main()
