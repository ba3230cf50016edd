"""Checks what scripts/package wrote to dist/, installed as a user without Swift would.

Run by scripts/test.d/package.sh after scripts/package. Everything installed runs with a
PATH that holds only the fresh venv's bin/ and links to node and npm (no swift), with no
PETFLOWD, from a folder outside the repository (no repository build in reach).
"""

from __future__ import annotations

import fnmatch
import gzip
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import unittest
import zipfile
from pathlib import Path
from typing import Dict, List, Optional

ROOT = Path(__file__).resolve().parents[1]
DIST = ROOT / "dist"
HELP_TEXT = ROOT / "Sources" / "PetFlowKit" / "Version.swift"


def the_one(pattern: str) -> Path:
    found = sorted(DIST.glob(pattern))
    if len(found) != 1:
        raise AssertionError(f"expected one dist/{pattern}, found {[p.name for p in found]}; "
                             "run scripts/package first")
    return found[0]


def run(command: List[str], *, env: Optional[Dict[str, str]] = None,
        cwd: Optional[Path] = None, check: bool = True) -> subprocess.CompletedProcess:
    finished = subprocess.run(command, env=env, cwd=cwd, capture_output=True, text=True,
                              timeout=300)
    if check and finished.returncode != 0:
        raise AssertionError(f"{' '.join(command)} exited {finished.returncode}:\n"
                             f"{finished.stdout}\n{finished.stderr}")
    return finished


def quick_start(language: str) -> str:
    """The code block that follows `<!-- quick start: LANGUAGE -->` in README.md."""
    readme = (ROOT / "README.md").read_text("utf-8")
    found = re.search(rf"<!-- quick start: {language} -->\s*```\w+\n(.*?)```", readme, re.S)
    if not found:
        raise AssertionError(f"README.md has no block marked <!-- quick start: {language} -->")
    return found.group(1)


def promised_output(code: str, comment: str) -> List[str]:
    """What the quick start says each printing line prints: its trailing comment."""
    return [line.rsplit(comment, 1)[1].strip() for line in code.splitlines()
            if ("print(" in line or "console.log(" in line) and comment in line]


class Installed:
    """dist/ installed once into a scratch folder: a venv, an npm folder, the unpacked .deb."""

    def __init__(self) -> None:
        self.scratch = Path(tempfile.mkdtemp(prefix="petflow-package-test-"))
        tools = self.scratch / "tools"
        tools.mkdir()
        for tool in ("node", "npm"):
            found = shutil.which(tool)
            if not found:
                raise AssertionError(f"{tool} is not on PATH")
            os.symlink(os.path.realpath(found), tools / tool)
        self.venv = self.scratch / "venv"
        self.env = {"PATH": f"{self.venv / 'bin'}:{tools}", "HOME": str(self.scratch),
                    "LANG": "C.UTF-8", "TMPDIR": tempfile.gettempdir()}

        run([sys.executable, "-m", "venv", str(self.venv)])
        self.python = str(self.venv / "bin" / "python")
        self.wheel = the_one("petflow-*-py3-none-manylinux_*_x86_64.whl")
        run([self.python, "-m", "pip", "install", "--quiet", "--no-index",
             "--disable-pip-version-check", str(self.wheel)], env=self.env)

        self.npm_folder = self.scratch / "app"
        self.npm_folder.mkdir()
        (self.npm_folder / "package.json").write_text('{"name": "app", "private": true}\n')
        self.tarballs = sorted(DIST.glob("petflow-*.tgz"))
        run(["npm", "install", "--offline", "--no-audit", "--no-fund",
             *map(str, self.tarballs)], env=self.env, cwd=self.npm_folder)

        self.deb = the_one("petflowd_*_amd64.deb")
        self.deb_root = self.scratch / "deb"
        run(["dpkg-deb", "-x", str(self.deb), str(self.deb_root)])

    def close(self) -> None:
        shutil.rmtree(self.scratch, ignore_errors=True)


INSTALLED: Optional[Installed] = None


def setUpModule() -> None:
    global INSTALLED
    INSTALLED = Installed()


def tearDownModule() -> None:
    if INSTALLED:
        INSTALLED.close()


class PackageTests(unittest.TestCase):
    def setUp(self) -> None:
        assert INSTALLED is not None
        self.at = INSTALLED

    def run_installed(self, command: List[str], cwd: Optional[Path] = None) -> str:
        return run(command, env=self.at.env, cwd=cwd or self.at.scratch).stdout

    def binaries(self) -> Dict[str, Path]:
        site = next(self.at.venv.glob("lib/python3*/site-packages"))
        return {
            "wheel": site / "petflow" / "bin" / "petflowd",
            "npm": self.at.npm_folder / "node_modules" / "@petflow" / "linux-x64-gnu" / "bin" / "petflowd",
            "deb": self.at.deb_root / "usr" / "bin" / "petflowd",
        }

    def test_nothing_but_the_packages_is_in_reach(self) -> None:
        self.assertIsNone(shutil.which("swift", path=self.at.env["PATH"]))
        self.assertNotIn("PETFLOWD", self.at.env)
        found = self.run_installed(
            [self.at.python, "-c", "from petflow._locate import find_daemon; print(find_daemon())"])
        self.assertEqual(Path(found.strip()), self.binaries()["wheel"])

    def test_the_wheel_s_petflowd_command(self) -> None:
        self.assertRegex(self.run_installed(["petflowd", "--version"]), r"^petflowd \d+\.\d+\.\d+\n$")
        self.assertEqual(self.run_installed(["petflowd", "format", "chipNumber", "123456"]),
                         "12345-6\n")

    def test_the_npm_package_s_petflowd_command(self) -> None:
        command = str(self.at.npm_folder / "node_modules" / ".bin" / "petflowd")
        self.assertRegex(self.run_installed([command, "--version"]), r"^petflowd \d+\.\d+\.\d+\n$")
        self.assertEqual(self.run_installed([command, "format", "chipNumber", "123456"]),
                         "12345-6\n")

    def test_the_npm_package_s_engine_in_process(self) -> None:
        script = self.at.npm_folder / "engine.mjs"
        script.write_text(
            "import { PetFlowEngine } from 'petflow/wasm';\n"
            "const engine = await PetFlowEngine.load();\n"
            "console.log((await engine.format('chipNumber', '123456')).text);\n")
        self.assertEqual(self.run_installed(["node", str(script)], cwd=self.at.npm_folder),
                         "12345-6\n")

    def test_the_readme_install_names_each_file_in_dist(self) -> None:
        # Each dist/ path in README's Install (a shell glob) names exactly one file, and every
        # file is named: given only the client's tarball, npm waits minutes for the registry.
        readme = (ROOT / "README.md").read_text("utf-8")
        install = readme.split("\n## Install\n", 1)[1].split("\n## ", 1)[0]
        commands = "".join(re.findall(r"```sh\n(.*?)```", install, re.S))
        globs = re.findall(r"dist/(\S+)", commands)
        files = sorted(path.name for path in DIST.iterdir()
                       if path.suffix in (".whl", ".tgz", ".deb"))
        named: List[str] = []
        for glob in globs:
            found = fnmatch.filter(files, glob)
            self.assertEqual(len(found), 1, f"README's dist/{glob} names {found}")
            named += found
        self.assertEqual(sorted(named), files)

    def test_the_readme_python_quick_start(self) -> None:
        code = quick_start("python")
        script = self.at.scratch / "quickstart.py"
        script.write_text(code)
        printed = self.run_installed([self.at.python, str(script)]).splitlines()
        self.assertEqual(printed, promised_output(code, "# "))
        self.assertTrue(printed)

    def test_the_readme_node_quick_start(self) -> None:
        code = quick_start("node")
        script = self.at.npm_folder / "quickstart.mjs"
        script.write_text(code)
        printed = self.run_installed(["node", str(script)], cwd=self.at.npm_folder).splitlines()
        self.assertEqual(printed, promised_output(code, "// "))
        self.assertTrue(printed)

    def test_the_deb_s_binary_and_man_page(self) -> None:
        binary = str(self.binaries()["deb"])
        self.assertRegex(self.run_installed([binary, "--version"]), r"^petflowd \d+\.\d+\.\d+\n$")
        self.assertEqual(self.run_installed([binary, "format", "chipNumber", "123456"]),
                         "12345-6\n")
        page = self.at.deb_root / "usr" / "share" / "man" / "man1" / "petflowd.1.gz"
        self.assertEqual(gzip.decompress(page.read_bytes()), (ROOT / "petflowd.1").read_bytes())

    def test_one_stripped_binary_without_runpath_in_every_package(self) -> None:
        digests = set()
        for where, binary in self.binaries().items():
            dynamic = run(["readelf", "--dynamic", str(binary)]).stdout
            self.assertNotIn("RUNPATH", dynamic, where)
            self.assertNotIn("RPATH", dynamic, where)
            self.assertNotIn(".symtab", run(["readelf", "--section-headers", str(binary)]).stdout,
                             f"{where}: not stripped")
            self.assertTrue(os.access(binary, os.X_OK), where)
            digests.add(hashlib.sha256(binary.read_bytes()).hexdigest())
        self.assertEqual(len(digests), 1, "the packages carry different binaries")

    def test_the_wheel_tag_is_what_auditwheel_finds(self) -> None:
        tools = self.at.scratch / "auditwheel"
        run([sys.executable, "-m", "venv", str(tools)])
        run([str(tools / "bin" / "pip"), "install", "--quiet", "--disable-pip-version-check",
             "auditwheel"])
        shown = run([str(tools / "bin" / "auditwheel"), "show", str(self.at.wheel)]).stdout
        print(f"\nauditwheel show {self.at.wheel.name}:\n{shown}", file=sys.stderr)
        tag = re.search(r"-py3-none-(manylinux_\d+_\d+_x86_64)\.whl$", self.at.wheel.name)
        assert tag is not None
        self.assertIn(f'consistent with the following platform tag: "{tag.group(1)}"',
                      " ".join(shown.split()))

    def test_one_version_everywhere(self) -> None:
        found = re.search(r'static let version = "([^"]+)"', HELP_TEXT.read_text("utf-8"))
        assert found is not None
        version = found.group(1)
        said: Dict[str, str] = {}
        said["petflowd --version (wheel)"] = self.run_installed(["petflowd", "--version"]).split()[1]
        said["--version (deb)"] = self.run_installed(
            [str(self.binaries()["deb"]), "--version"]).split()[1]
        said["serverInfo and petflow.__version__"] = self.run_installed([self.at.python, "-c", (
            "import petflow\n"
            "with petflow.Client() as client:\n"
            "    assert client.server_info.version == petflow.__version__, petflow.__version__\n"
            "    print(client.server_info.version)\n")]).strip()
        with zipfile.ZipFile(self.at.wheel) as wheel:
            metadata = wheel.read(f"petflow-{version}.dist-info/METADATA").decode()
        said["wheel METADATA"] = re.search(r"^Version: (.+)$", metadata, re.M).group(1)  # type: ignore[union-attr]
        said["wheel file name"] = self.at.wheel.name.split("-")[1]
        for tarball in self.at.tarballs:
            with tarfile.open(tarball) as archive:
                manifest = json.load(archive.extractfile("package/package.json"))  # type: ignore[arg-type]
            said[f"{manifest['name']} package.json"] = manifest["version"]
            for name, pinned in manifest.get("optionalDependencies", {}).items():
                said[f"{manifest['name']} pins {name}"] = pinned
        control = run(["dpkg-deb", "--field", str(self.at.deb), "Version"]).stdout.strip()
        said["deb control"] = control
        said["deb file name"] = self.at.deb.name.split("_")[1]
        changelog = (ROOT / "CHANGELOG.md").read_text("utf-8")
        # An "Unreleased" entry on top is what comes next: the first one with a version counts.
        said["CHANGELOG.md, first entry"] = re.search(r"^## (?!Unreleased\b)(\S+)", changelog, re.M).group(1)  # type: ignore[union-attr]
        self.assertEqual(said, {place: version for place in said})
        self.assertEqual(len(said), 11)

    def test_the_man_page_reads_without_warnings(self) -> None:
        rendered = run(["man", "--warnings", "-E", "UTF-8", "-l", "-Tutf8", "-Z",
                        str(ROOT / "petflowd.1")],
                       env={**os.environ, "LC_ALL": "C.UTF-8", "MANROFFSEQ": "",
                            "MANWIDTH": "80"})
        self.assertEqual(rendered.stderr, "")
        self.assertTrue(rendered.stdout)


if __name__ == "__main__":
    unittest.main()
