"""Runs each example once and checks what it prints, so the examples cannot rot."""

from __future__ import annotations

import json
import subprocess
import sys
import unittest

import support

EXAMPLES = support.PYTHON_CLIENT / "examples"


def run_example(name: str) -> str:
    finished = subprocess.run([sys.executable, str(EXAMPLES / name)], capture_output=True,
                              text=True, timeout=60, check=False)
    if finished.returncode != 0:
        raise AssertionError(f"{name} exited {finished.returncode}:\n{finished.stderr}")
    return finished.stdout


class ExampleTests(unittest.TestCase):
    def test_type_chip_number_draws_each_keystroke(self) -> None:
        states = [line[25:] for line in run_example("type_chip_number.py").splitlines()]
        self.assertEqual(states[:7], ["|", "1|", "12|", "123|", "1234|", "12345|", "12345-6|"])
        self.assertIn("12345-67890|", states)
        self.assertIn("1234|6-7890", states)  # backspace just after the hyphen
        self.assertIn("12345-987|67-890", states)  # the paste with junk
        self.assertEqual(states[-1], "12345987467890")

    def test_report_found_pet_prints_the_payload(self) -> None:
        output = run_example("report_found_pet.py")
        steps, _, payload = output.partition("payload:\n")
        self.assertIn("photo: Photo is mandatory (photo.required)", steps)
        self.assertEqual(steps.splitlines()[-1], "[submitted]")
        submitted = json.loads(payload)
        self.assertEqual(submitted["chipNumber"], "987654321098765")
        self.assertEqual(submitted["location"], {"latitude": 52.2297, "longitude": 21.0122})
        self.assertEqual(submitted["contactDetails"]["phone"], "+48600700800")


if __name__ == "__main__":
    unittest.main()
