"""replay(line): each line of ``petflowd check-flows --paths`` for every flow in flows/ and
flows/examples/ replayed in one call ends submitted with exactly that line's payload."""

from __future__ import annotations

import json
import subprocess
import unittest
from typing import Any, Dict, List

import support  # first: it puts clients/python/src on sys.path

EXAMPLES = support.REPOSITORY / "flows" / "examples"
FILES = sorted((support.REPOSITORY / "flows").glob("*.json")) + sorted(EXAMPLES.glob("*.json"))


def path_lines(*arguments: str) -> List[str]:
    run = subprocess.run([support.real_daemon(), "check-flows", "--paths", *arguments],
                         capture_output=True, text=True, check=True)
    return run.stdout.splitlines()


class ReplayTests(unittest.TestCase):
    def test_every_line_of_every_flow_ends_submitted_with_its_payload(self) -> None:
        lines = path_lines("--today", support.TODAY, *map(str, FILES))
        self.assertGreaterEqual(len(lines), len(FILES))
        with support.client(args=["--flows", str(EXAMPLES)]) as client:
            for line in lines:
                with self.subTest(line=line):
                    snapshot = client.replay(line)
                    self.assertEqual(snapshot.status, "submitted")
                    self.assertEqual(snapshot.payload, json.loads(line)["payload"])

    def test_a_parsed_line_replays_as_its_text_does(self) -> None:
        line = path_lines("--today", support.TODAY, str(EXAMPLES / "reportSighting.json"))[0]
        fixture: Dict[str, Any] = json.loads(line)
        with support.client(args=["--flows", str(EXAMPLES)], today="2020-01-01") as client:
            self.assertEqual(client.replay(fixture).payload, fixture["payload"])
            # The session judges dates against the line's day from then on.
            self.assertEqual(client.server_info.today, fixture["today"])

    def test_a_line_that_no_longer_fits_stops_where_the_flow_refuses_it(self) -> None:
        line = json.loads(path_lines("--today", support.TODAY,
                                     str(support.REPOSITORY / "flows" / "reportFoundPet.json"))[0])
        line["answers"][0]["values"] = {}  # the photo, required, left out
        with support.client() as client:
            snapshot = client.replay(line)
        self.assertEqual((snapshot.status, snapshot.step and snapshot.step.id),
                         ("active", "photo"))
        self.assertIn("photo", snapshot.errors)


if __name__ == "__main__":
    unittest.main()
