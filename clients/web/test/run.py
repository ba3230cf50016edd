"""Runs the browser suite: one bridge and one headless Chromium for every test_*.py here.
Usage: python run.py [-k PATTERN]   (PETFLOWD: the daemon to test; default the release build)
"""

import sys
import unittest
from pathlib import Path

import harness


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
    print(f"browser: {result.testsRun - failed} passed, {failed} failed")
    sys.exit(0 if result.wasSuccessful() and result.testsRun > 0 else 1)


if __name__ == "__main__":
    main()
