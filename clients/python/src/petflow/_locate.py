"""Finding the petflowd executable: the places a client looks, in order."""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import List, Optional

from .errors import DaemonNotFound

#: The README's command that builds the daemon from a checkout.
BUILD_COMMAND = "scripts/build"

#: The binary a wheel carries as package data (petflow/bin/petflowd).
BUNDLED = Path(__file__).resolve().parent / "bin" / "petflowd"



def _repository_build() -> Path:
    """The repository's release build, seen from clients/python/src/petflow/ when the
    package runs from a checkout (an installed copy finds nothing there)."""
    here = Path(__file__).resolve().parent
    root = here.parents[3] if len(here.parents) > 3 else here
    return root / ".build" / "release" / "petflowd"


REPOSITORY_BUILD = _repository_build()


def find_daemon(path: Optional[str] = None) -> str:
    """The executable to spawn: ``path``, else env ``PETFLOWD``, else the binary bundled
    in the installed package, else ``petflowd`` on PATH, else the repository's release
    build. A ``path`` or ``PETFLOWD`` that names no executable is an error, never skipped.
    Raises :class:`DaemonNotFound` listing every place looked in when none has one."""
    if path:
        return _usable(str(path), "the path given")
    from_env = os.environ.get("PETFLOWD")
    if from_env:
        return _usable(from_env, "PETFLOWD")
    searched: List[str] = ["the path argument (none given)", "PETFLOWD (not set)"]
    if _is_executable_file(BUNDLED):
        return str(BUNDLED)
    searched.append(f"the binary bundled in the package: {BUNDLED}")
    on_path = shutil.which("petflowd")
    if on_path:
        return on_path
    searched.append(f"petflowd on PATH: {os.environ.get('PATH', '')}")
    if _is_executable_file(REPOSITORY_BUILD):
        return str(REPOSITORY_BUILD)
    searched.append(f"the repository's release build: {REPOSITORY_BUILD}")
    raise DaemonNotFound(
        "petflowd not found; looked in:\n" + "".join(f"  - {place}\n" for place in searched)
        + "Install a package that carries it (pip install petflow), pass Client(path=...), "
        f"set PETFLOWD, or build it in the repository: {BUILD_COMMAND}",
        None, searched)


def _usable(candidate: str, source: str) -> str:
    """``candidate`` when it is an executable file; else why not, naming ``source``."""
    where = f"{source} names {candidate!r}"
    if not os.path.exists(candidate):
        raise DaemonNotFound(f"{where}, which does not exist", candidate, [source])
    if os.path.isdir(candidate):
        raise DaemonNotFound(f"{where}, which is a directory, not the petflowd executable",
                             candidate, [source])
    if not os.access(candidate, os.X_OK):
        raise DaemonNotFound(f"{where}, which is not executable (chmod +x it?)",
                             candidate, [source])
    return candidate


def _is_executable_file(path: Path) -> bool:
    return path.is_file() and os.access(path, os.X_OK)
