"""Finding petflowd: the order of the places, and what a wrong or missing binary says."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path
from typing import Dict, Optional
from unittest import mock

import support  # first: it puts clients/python/src on sys.path

import petflow
from petflow._locate import BUILD_COMMAND, find_daemon


class InstalledCopy:
    """The petflow package copied outside the checkout (so no repository build is in
    reach), with an optional bundled binary, run in a Python of its own."""

    def __init__(self, bundled: Optional[str] = None) -> None:
        self.root = Path(tempfile.mkdtemp(prefix="petflow-installed-"))
        shutil.copytree(support.PYTHON_CLIENT / "src" / "petflow", self.root / "petflow")
        if bundled:
            (self.root / "petflow" / "bin").mkdir()
            os.symlink(bundled, self.root / "petflow" / "bin" / "petflowd")
        self.path_dir = self.root / "on-path"
        self.path_dir.mkdir()

    def put_on_path(self, executable: str) -> None:
        os.symlink(executable, self.path_dir / "petflowd")

    def run(self, code: str, env: Optional[Dict[str, str]] = None) -> Dict[str, str]:
        """Runs ``code`` (which sets ``answer``) with PATH holding only the copy's folder
        and no PETFLOWD; answers {"answer": ...} or {"error": type, "message": ...}."""
        program = f"""
import json, petflow
from petflow._locate import find_daemon
try:
{chr(10).join('    ' + line for line in code.strip().splitlines())}
    print(json.dumps({{"answer": answer}}))
except Exception as error:
    print(json.dumps({{"error": type(error).__name__, "message": str(error),
                      "file_not_found": isinstance(error, FileNotFoundError)}}))
"""
        environment = {"PATH": str(self.path_dir), "PYTHONPATH": str(self.root), **(env or {})}
        finished = subprocess.run([sys.executable, "-c", program], env=environment,
                                  capture_output=True, text=True, timeout=60, check=True)
        result: Dict[str, str] = json.loads(finished.stdout)
        return result

    def run_command(self, *args: str) -> "subprocess.CompletedProcess[str]":
        """The wheel's `petflowd` command (petflow._console:main) with ``args``."""
        program = "import sys; from petflow._console import main; sys.argv[1:] = sys.argv[2:]; main()"
        return subprocess.run([sys.executable, "-c", program, "petflowd", *args],
                              env={"PATH": str(self.path_dir), "PYTHONPATH": str(self.root)},
                              capture_output=True, text=True, timeout=60, check=False)

    def close(self) -> None:
        shutil.rmtree(self.root, ignore_errors=True)


class LookupOrderTests(unittest.TestCase):
    def setUp(self) -> None:
        self.real = support.real_daemon()
        self.on_path = support.fake_daemon(support.DIES_ON_SECOND_REQUEST)

    def installed(self, bundled: Optional[str] = None) -> InstalledCopy:
        copy = InstalledCopy(bundled)
        self.addCleanup(copy.close)
        return copy

    def test_bundled_binary_comes_before_path(self) -> None:
        copy = self.installed(bundled=self.real)
        copy.put_on_path(self.on_path)
        found = copy.run("answer = find_daemon()")["answer"]
        self.assertEqual(found, str(copy.root / "petflow" / "bin" / "petflowd"))
        drawn = copy.run("""
with petflow.Client() as client:
    answer = client.format("chipNumber", "123456").drawn()
""")
        self.assertEqual(drawn, {"answer": "12345-6|"})

    def test_petflowd_variable_comes_before_the_bundled_binary(self) -> None:
        copy = self.installed(bundled=self.real)
        found = copy.run("answer = find_daemon()", {"PETFLOWD": self.on_path})
        self.assertEqual(found["answer"], self.on_path)

    def test_path_is_used_when_nothing_is_bundled(self) -> None:
        copy = self.installed()
        copy.put_on_path(self.on_path)
        self.assertEqual(copy.run("answer = find_daemon()")["answer"],
                         str(copy.path_dir / "petflowd"))

    def test_none_found_by_an_installed_copy_lists_where_it_looked_and_names_petflowd(
            self) -> None:
        copy = self.installed()
        outcome = copy.run("answer = petflow.Client().server_info.name")
        self.assertEqual(outcome["error"], "DaemonNotFound")
        self.assertTrue(outcome["file_not_found"])
        message = outcome["message"]
        for place in ("PETFLOWD (not set)", str(copy.root / "petflow" / "bin" / "petflowd"),
                      f"petflowd on PATH: {copy.path_dir}", "Set PETFLOWD",
                      "export PETFLOWD=", BUILD_COMMAND, "Client(path=...)"):
            self.assertIn(place, message)
        # An installed copy has no repository around it: naming a build path worked out
        # from where it sits would send the reader to a folder no build can be in.
        self.assertNotIn("repository's release build", message)
        self.assertNotIn(str(copy.root / ".build"), message)
        self.assertNotIn(str(copy.root.parent / ".build"), message)

    def test_none_found_in_a_checkout_names_its_release_build_and_how_to_make_it(self) -> None:
        checkout = Path(tempfile.mkdtemp(prefix="petflow-checkout-"))
        self.addCleanup(shutil.rmtree, checkout, True)
        (checkout / "Package.swift").write_text("// a checkout without a build\n")
        source = checkout / "clients" / "python" / "src"
        shutil.copytree(support.PYTHON_CLIENT / "src" / "petflow", source / "petflow")
        program = ("import petflow\n"
                   "try:\n"
                   "    petflow.Client()\n"
                   "except petflow.DaemonNotFound as error:\n"
                   "    print(error)\n")
        finished = subprocess.run(
            [sys.executable, "-c", program], capture_output=True, text=True, timeout=60,
            check=True, env={"PATH": str(checkout), "PYTHONPATH": str(source)})
        build = checkout / ".build" / "release" / "petflowd"
        self.assertIn(f"the repository's release build: {build} (not built yet)",
                      finished.stdout)
        self.assertIn(f"{BUILD_COMMAND} in {checkout}", finished.stdout)
        self.assertIn("PETFLOWD", finished.stdout)

    def test_explicit_path_comes_first(self) -> None:
        with mock.patch.dict(os.environ, {"PETFLOWD": self.on_path}):
            self.assertEqual(find_daemon(), self.on_path)
            self.assertEqual(find_daemon(self.real), self.real)
            with petflow.Client() as from_env:
                self.assertEqual(from_env.server_info.name, "fake")
            with support.client(path=self.real) as given:
                self.assertEqual(given.server_info.name, "petflowd")


class PetflowdCommandTests(unittest.TestCase):
    def installed(self, bundled: Optional[str] = None) -> InstalledCopy:
        copy = InstalledCopy(bundled)
        self.addCleanup(copy.close)
        return copy

    def test_the_command_becomes_the_bundled_binary(self) -> None:
        copy = self.installed(bundled=support.real_daemon())
        formatted = copy.run_command("format", "chipNumber", "123456")
        self.assertEqual((formatted.returncode, formatted.stdout), (0, "12345-6\n"))
        invalid = copy.run_command("validate", "email", "rex@")
        self.assertEqual(invalid.returncode, 1)  # the binary's own exit status
        self.assertTrue(invalid.stdout.startswith("invalid\temail.invalid\t"))

    def test_the_command_without_a_bundled_binary_says_so(self) -> None:
        copy = self.installed()
        copy.put_on_path(support.real_daemon())  # never used: it could be this command itself
        failed = copy.run_command("--version")
        self.assertEqual(failed.returncode, 1)
        self.assertIn("carries no binary", failed.stderr)
        self.assertEqual(failed.stdout, "")


class UnusableBinaryTests(unittest.TestCase):
    def assert_not_found(self, candidate: str, says: str, *, via_env: bool,
                         names_source: bool = True) -> None:
        with mock.patch.dict(os.environ, {"PETFLOWD": candidate}):
            with self.assertRaises(petflow.DaemonNotFound) as raised:
                petflow.Client() if via_env else petflow.Client(candidate)
        error = raised.exception
        self.assertIsInstance(error, petflow.PetFlowError)
        self.assertIsInstance(error, FileNotFoundError)
        self.assertEqual(error.path, candidate)
        self.assertIn(candidate, str(error))
        self.assertIn(says, str(error))
        if names_source:
            self.assertIn("PETFLOWD" if via_env else "the path given", str(error))

    def test_petflowd_naming_a_directory(self) -> None:
        directory = tempfile.mkdtemp(prefix="petflow-dir-")
        self.addCleanup(shutil.rmtree, directory, True)
        self.assert_not_found(directory, "is a directory", via_env=True)

    def test_petflowd_naming_a_file_that_is_not_executable(self) -> None:
        script = support.fake_daemon("exit 0")
        os.chmod(script, 0o644)
        self.assert_not_found(script, "not executable", via_env=True)

    def test_a_path_that_does_not_exist(self) -> None:
        self.assert_not_found("/nonexistent/petflowd", "does not exist", via_env=False)

    def test_an_executable_the_system_cannot_run(self) -> None:
        garbage = support.fake_daemon("")
        with open(garbage, "wb") as file:
            file.write(b"\x7fELF not really")  # executable bit set, no interpreter, no ELF
        self.assert_not_found(garbage, "could not start", via_env=False, names_source=False)


if __name__ == "__main__":
    unittest.main()
