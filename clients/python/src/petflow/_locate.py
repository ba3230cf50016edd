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



def _checkout_root() -> Optional[Path]:
    """The repository this module runs from (clients/python/src/petflow/ inside it), or None
    for an installed copy: a path worked out for an installed copy would name a folder
    inside site-packages or the virtual environment where no build can ever be."""
    here = Path(__file__).resolve().parent
    if len(here.parents) <= 3:
        return None
    root = here.parents[3]
    if here != root / "clients" / "python" / "src" / "petflow":
        return None
    return root if (root / "Package.swift").is_file() else None


#: The checkout this copy runs from, or None when it is installed.
CHECKOUT = _checkout_root()

#: The repository's release build when running from a checkout, else None.
REPOSITORY_BUILD: Optional[Path] = (
    CHECKOUT / ".build" / "release" / "petflowd" if CHECKOUT else None)


def find_daemon(path: Optional[str] = None) -> str:
    """The executable to spawn: ``path``, else env ``PETFLOWD``, else the binary bundled
    in the installed package, else ``petflowd`` on PATH, else (from a checkout only) the
    repository's release build. A ``path`` or ``PETFLOWD`` that names no executable is an
    error, never skipped. Raises :class:`DaemonNotFound` listing every place looked in,
    and how to fix it, when none has one."""
    if path:
        return _usable(str(path), "the path given")
    from_env = os.environ.get("PETFLOWD")
    if from_env:
        return _usable(from_env, "PETFLOWD")
    searched: List[str] = ["the path argument (none given)", "PETFLOWD (not set)"]
    if _is_executable_file(BUNDLED):
        return str(BUNDLED)
    searched.append(f"the binary bundled in the package: {BUNDLED} (none: only the wheel "
                    "carries one)")
    on_path = shutil.which("petflowd")
    if on_path:
        return on_path
    searched.append(f"petflowd on PATH: {os.environ.get('PATH', '')}")
    if REPOSITORY_BUILD is not None and _is_executable_file(REPOSITORY_BUILD):
        return str(REPOSITORY_BUILD)
    if REPOSITORY_BUILD is not None:
        searched.append(f"the repository's release build: {REPOSITORY_BUILD} (not built yet)")
    raise DaemonNotFound(
        "petflowd not found; looked in:\n" + "".join(f"  - {place}\n" for place in searched)
        + _remedy(), None, searched)


def _remedy() -> str:
    """What makes the next attempt find petflowd, for a checkout or an installed copy."""
    if CHECKOUT is not None:
        return (f"Build it in the repository ({BUILD_COMMAND} in {CHECKOUT} makes "
                f"{REPOSITORY_BUILD}), set PETFLOWD to a petflowd executable, or pass "
                "Client(path=...).")
    return ("Set PETFLOWD to a petflowd executable (from a checkout: run "
            f"{BUILD_COMMAND} there, then export PETFLOWD=/path/to/checkout/.build/release/"
            "petflowd), pass Client(path=...), or install the wheel, which carries petflowd "
            "(scripts/package writes it to dist/).")


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
