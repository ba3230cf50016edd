"""The example sighting report (flows/examples) through the client, with ``args``: every
branch, Back across a branch, an answer changed and changed back, an upgrade on import."""

from __future__ import annotations

import unittest

import support  # first: it puts clients/python/src on sys.path

import petflow

EXAMPLES = str(support.REPOSITORY / "flows" / "examples")
VERSION_2 = str(support.REPOSITORY / "flows" / "examples" / "version2")
PHOTO = {"uri": "file:///photos/stray.jpg", "mimeType": "image/jpeg"}


def where(still_there: str, species: str = "cat") -> dict:
    return {"latitude": "52.2297", "longitude": 21.0122, "species": species,
            "stillThere": still_there}


class SightingTests(unittest.TestCase):
    def setUp(self) -> None:
        self.client = support.client(args=["--flows", EXAMPLES])
        self.addCleanup(self.client.close)

    def on_where(self) -> str:
        flow = self.client.start("reportSighting")
        self.client.next(flow.flow_id, {"photo": PHOTO})
        return flow.flow_id

    def test_the_report_is_listed_with_its_title(self) -> None:
        flows = {flow.id: flow for flow in self.client.flows()}
        self.assertEqual(flows["reportSighting"].title, "Report a sighting")
        self.assertEqual(flows["reportFoundPet"].title, "Report a found pet")

    def test_still_there_goes_through_contact_and_sends_the_phone(self) -> None:
        flow_id = self.on_where()
        contact = self.client.next(flow_id, where("yes"))
        self.assertEqual(contact.step and contact.step.id, "contact")
        self.assertEqual(contact.step and contact.step.progress, petflow.Progress(3, 3, "3/3"))
        summary = self.client.next(flow_id, {"phone": "600 100 200"})
        self.assertEqual(summary.step and summary.step.id, "summary")
        sent = self.client.next(flow_id)
        self.assertEqual(sent.status, "submitted")
        self.assertEqual(sent.payload and sent.payload["contactPhone"], "600100200")

    def test_gone_goes_to_the_summary_and_sends_no_phone(self) -> None:
        flow_id = self.on_where()
        self.assertEqual(self.client.next(flow_id, where("no")).step.id, "summary")  # type: ignore[union-attr]
        sent = self.client.next(flow_id)
        self.assertIsNone(sent.payload and sent.payload["contactPhone"])

    def test_back_after_the_branch_goes_to_the_step_before_on_the_path(self) -> None:
        flow_id = self.on_where()
        self.client.next(flow_id, where("no"))
        self.assertEqual(self.client.back(flow_id).step.id, "where")  # type: ignore[union-attr]

    def test_a_changed_answer_keeps_the_phone_dormant_until_it_changes_back(self) -> None:
        flow_id = self.on_where()
        self.client.next(flow_id, where("yes"))
        self.client.update(flow_id, {"phone": "600100200"})
        self.client.back(flow_id)
        gone = self.client.update(flow_id, {"stillThere": "no"})
        self.assertNotIn("phone", gone.values)
        self.assertEqual(gone.dormant, {"phone": "600100200"})
        self.assertEqual(gone.step and gone.step.progress, petflow.Progress(2, 2, "2/2"))
        back = self.client.update(flow_id, {"stillThere": "yes"})
        self.assertEqual(back.values["phone"], "600100200")
        self.assertEqual(back.dormant, {})

    def test_a_snapshot_of_version_1_is_upgraded_and_says_what_went(self) -> None:
        flow_id = self.on_where()
        self.client.next(flow_id, where("yes", species="bird"))
        self.client.update(flow_id, {"phone": "600100200"})
        snapshot = self.client.export(flow_id)
        self.assertEqual(len(snapshot["digest"]), 16)
        with support.client(args=["--flows", VERSION_2]) as newer:
            imported = newer.import_snapshot(snapshot)
        self.assertEqual(imported.version, 2)
        self.assertEqual(imported.values["contactPhone"], "600100200")
        self.assertEqual(imported.upgrade_dropped, [
            petflow.Dropped("species", "not a value its field takes in version 2")])
        self.assertEqual(imported.step and imported.step.id, "where")

    def test_args_must_be_strings(self) -> None:
        with self.assertRaises(TypeError):
            petflow.Client(args="--flows")  # type: ignore[arg-type]


if __name__ == "__main__":
    unittest.main()
