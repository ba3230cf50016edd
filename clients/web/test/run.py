"""Runs the browser suite: one bridge and one headless Chromium for every test_*.py here.
Usage: python run.py [-k PATTERN]   (PETFLOWD: the daemon to test; default the release build)
"""

import sys
import unittest
from pathlib import Path

import harness

#: Every distinct state of the demo's pages, which a whole run must have had axe check (in
#: each language, at both widths): each step with and without errors, the check pages,
#: the leave dialog, the sent report, /fields.
PAGE_STATES = [
    "start",
    "missing-chipNumber",
    "missing-photo",
    "missing-description",
    "missing-contactDetails",
    "missing-contactDetails-errors",
    "missing-check-answers",
    "found-photo",
    "found-photo-errors",
    "found-petDetails",
    "found-petDetails-errors",
    "found-contactDetails",
    "found-contactDetails-errors",
    "found-check-answers",
    "confirm-leave",
    "report-sent",
    "fields",
    "fields-errors",
]


def main():
    here = Path(__file__).resolve().parent
    sys.path.insert(0, str(here))
    loader = unittest.TestLoader()
    if "-k" in sys.argv:
        loader.testNamePatterns = [f"*{sys.argv[sys.argv.index('-k') + 1]}*"]
    suite = loader.discover(start_dir=str(here), pattern="test_*.py", top_level_dir=str(here))
    try:
        result = unittest.TextTestRunner(verbosity=2).run(suite)
    finally:
        harness.end_session()
    failed = len(result.failures) + len(result.errors) + len(result.unexpectedSuccesses)
    print(f"browser: {result.testsRun - failed} passed, {failed} failed; axe checked {len(harness.CHECKED)} page states at 375 and 1280 px")
    unchecked = [] if "-k" in sys.argv else [f"{locale}-{state}" for locale in ("en", "pl") for state in PAGE_STATES if f"{locale}-{state}" not in harness.CHECKED]
    if unchecked:
        print(f"browser: axe never checked {', '.join(unchecked)}")
    sys.exit(0 if result.wasSuccessful() and result.testsRun > 0 and not unchecked else 1)


if __name__ == "__main__":
    main()
