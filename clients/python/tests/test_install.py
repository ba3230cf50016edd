"""`pip install ./clients/python` as the README says: it installs a working client and leaves
nothing in the checkout that git would see."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import unittest
from typing import List

import support  # first: it puts clients/python/src on sys.path

CLIENT = "clients/python"


def untracked_files() -> List[str]:
    """Files under clients/python that git would report (new, and not ignored)."""
    listed = subprocess.run(
        ["git", "-C", str(support.REPOSITORY), "status", "--porcelain", "--untracked-files=all",
         "--", CLIENT], capture_output=True, text=True, check=True, timeout=60)
    return sorted(line for line in listed.stdout.splitlines() if line.startswith("??"))


class PipInstallTests(unittest.TestCase):
    def test_pip_install_works_and_leaves_the_checkout_clean(self) -> None:
        before = untracked_files()
        scratch = tempfile.mkdtemp(prefix="petflow-pip-")
        self.addCleanup(shutil.rmtree, scratch, True)
        venv = os.path.join(scratch, "venv")
        subprocess.run([sys.executable, "-m", "venv", venv], check=True, timeout=120)
        python = os.path.join(venv, "bin", "python")
        subprocess.run([python, "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
                        "./" + CLIENT], cwd=support.REPOSITORY, check=True, timeout=300)
        self.assertEqual(untracked_files(), before)

        # The installed copy (not the checkout's source) formats through the real binary.
        program = ("import petflow\n"
                   "assert 'site-packages' in petflow.__file__, petflow.__file__\n"
                   "with petflow.Client() as client:\n"
                   "    print(client.format('chipNumber', '123456').drawn())\n")
        finished = subprocess.run([python, "-c", program], cwd=scratch, capture_output=True,
                                  text=True, timeout=60,
                                  env={**os.environ, "PETFLOWD": support.real_daemon()})
        self.assertEqual(finished.returncode, 0, finished.stderr)
        self.assertEqual(finished.stdout, "12345-6|\n")


if __name__ == "__main__":
    unittest.main()
