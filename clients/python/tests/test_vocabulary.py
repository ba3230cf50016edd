"""What the client restates of petflowd is what petflowd says: the edit builders make the edit
types it takes, StaleRevision stands for the code it answers a stale rev with, and the client
has a method for each method ``initialize`` offers, and sends no other."""

from __future__ import annotations

import inspect
import re
import unittest

import support  # first: it puts clients/python/src on sys.path

import petflow
from petflow.errors import STALE_REVISION_CODE

#: A value for each parameter a Client method takes, to call every one of them.
SAMPLES = {"field": "chipNumber", "text": "", "selection": 0, "edit": petflow.insert(""),
           "flow": "reportFoundPet", "flow_id": "f", "values": {}, "step": "photo",
           "snapshot": {},
           "line": {"flow": "reportFoundPet", "today": "2025-06-01", "answers": []}}


class Sent(Exception):
    """Raised by a recording ``request`` in place of sending."""


class VocabularyTests(support.SharedClientTestCase):
    def test_edit_builders_make_exactly_the_edit_types_petflowd_takes(self) -> None:
        with self.assertRaises(petflow.PetFlowError) as refused:
            self.client.edit("phone", "", 0, {"type": ""})
        self.assertEqual((refused.exception.data or {}).get("parameter"), "edit.type")
        listed = re.search(r"expected one of (.+)$", refused.exception.message)
        self.assertIsNotNone(listed, f"no list of edit types in: {refused.exception.message}")
        built = [petflow.insert("1"), petflow.delete_backward(), petflow.delete_forward(),
                 petflow.replace(0, 0, "1")]
        self.assertEqual(sorted(edit["type"] for edit in built),
                         sorted(listed.group(1).split(", ")))  # type: ignore[union-attr]

    def test_stale_revision_is_the_code_petflowd_answers_a_stale_rev_with(self) -> None:
        flow = self.client.start("reportFoundPet")
        with self.assertRaises(petflow.StaleRevision) as stale:
            self.client.update(flow.flow_id, {}, rev=flow.rev + 1)
        self.assertEqual(stale.exception.code, STALE_REVISION_CODE)
        self.client.cancel(flow.flow_id)

    def test_the_client_has_a_method_for_each_method_petflowd_offers(self) -> None:
        recorder = petflow.Client.__new__(petflow.Client)

        def request(method: str, *args: object, **kwargs: object) -> None:
            raise Sent(method)

        recorder.request = request  # type: ignore[method-assign]
        recorder.server_info = self.client.server_info  # replay() keeps its language
        sent = {"initialize", "shutdown"}  # what __init__ and close() send, on a real process
        for name, method in inspect.getmembers(petflow.Client, inspect.isfunction):
            if name.startswith("_") or name in ("request", "close"):
                continue
            required = [p.name for p in inspect.signature(method).parameters.values()
                        if p.name != "self" and p.default is inspect.Parameter.empty]
            missing = [p for p in required if p not in SAMPLES]
            self.assertEqual(missing, [], f"SAMPLES has no value for {name}'s {missing}")
            with self.assertRaises(Sent, msg=f"{name} sends nothing") as call:
                getattr(recorder, name)(**{p: SAMPLES[p] for p in required})
            sent.add(str(call.exception))
        self.assertEqual(sorted(sent), sorted(self.client.server_info.methods))


if __name__ == "__main__":
    unittest.main()
