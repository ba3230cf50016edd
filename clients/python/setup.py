"""What pyproject.toml cannot say on its own: the version, and the wheel that carries petflowd.

The version is petflowd's, one number for the daemon and both clients, kept in
Sources/PetFlowKit/Version.swift (PetFlowServer.version). scripts/package passes the
built binary's own `--version` in PETFLOW_VERSION; an install from a checkout reads the
Swift constant. Nothing else states it.

A plain `pip install ./clients/python` builds a pure wheel: the client alone, which looks
for petflowd elsewhere. When scripts/package has put the binary at petflow/bin/petflowd,
the wheel carries it: it is then a platform wheel (py3-none-<PETFLOW_PLATFORM_TAG>, the
tag scripts/package works out from the glibc symbols the binary needs) with a `petflowd`
command that execs the binary.
"""

import os
import re
from pathlib import Path

from setuptools import setup
from setuptools.command.bdist_wheel import bdist_wheel
from setuptools.dist import Distribution

HERE = Path(__file__).resolve().parent
BUNDLED = HERE / "src" / "petflow" / "bin" / "petflowd"
HELP_TEXT = HERE.parents[1] / "Sources" / "PetFlowKit" / "Version.swift"


def version() -> str:
    stamped = os.environ.get("PETFLOW_VERSION")
    if stamped:
        return stamped
    try:
        found = re.search(r'static let version = "([^"]+)"', HELP_TEXT.read_text("utf-8"))
    except OSError:
        found = None
    if not found:
        raise SystemExit(f"petflow: no version: set PETFLOW_VERSION, or build from a checkout "
                         f"(the version is PetFlowServer.version in {HELP_TEXT})")
    return found.group(1)


def bundles_binary() -> bool:
    return BUNDLED.is_file()


class BinaryDistribution(Distribution):
    """With the binary inside, the wheel is not pure: it goes to platlib, and is tagged."""

    def has_ext_modules(self) -> bool:
        return bundles_binary()


class PlatformWheel(bdist_wheel):
    """py3-none-<platform>: any Python 3 runs the client; the binary needs the platform."""

    def get_tag(self):  # type: ignore[no-untyped-def]
        if not bundles_binary():
            return super().get_tag()
        platform = os.environ.get("PETFLOW_PLATFORM_TAG")
        if not platform:
            raise SystemExit("petflow: a wheel with petflowd inside needs PETFLOW_PLATFORM_TAG "
                             "(scripts/package sets it)")
        return "py3", "none", platform


setup(
    version=version(),
    distclass=BinaryDistribution,
    cmdclass={"bdist_wheel": PlatformWheel},
    entry_points={"console_scripts": ["petflowd = petflow._console:main"]}
    if bundles_binary() else {},
)
