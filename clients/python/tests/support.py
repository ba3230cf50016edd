"""Shared by the tests: the client source on sys.path, the real daemon, fake daemons."""

from __future__ import annotations

import atexit
import os
import shlex
import shutil
import stat
import sys
import tempfile
import time
import unittest
from pathlib import Path

PYTHON_CLIENT = Path(__file__).resolve().parents[1]
REPOSITORY = PYTHON_CLIENT.parents[1]
# The tests run the source, not an installed copy.
sys.path.insert(0, str(PYTHON_CLIENT / "src"))

import petflow  # noqa: E402

#: A fixed "today", so that date rules give the same answers every day.
TODAY = "2025-06-01"

#: A stand-in for initialize's answer, for the fake daemons below (initialize is id 1).
FAKE_INITIALIZED = (
    '{"jsonrpc":"2.0","id":1,"result":{"serverInfo":{"name":"fake","version":"0"},'
    '"positionEncoding":"utf-32","locale":"en","methods":[]}}'
)


#: What a timing bound allows over the time it bounds: spawning, killing and reaping on a
#: loaded two-core machine, and still a third of the 30 s a fake daemon that must be killed
#: would take to end by itself.
MARGIN = 10.0


def reaped(pid: int, within: float = MARGIN) -> bool:
    """Whether process ``pid`` is gone, killed and reaped (a zombie still answers signal 0),
    within ``within`` seconds."""
    def gone() -> bool:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return True
        return False

    return wait_until(gone, within)


def client(**options: object) -> petflow.Client:
    """A client of the real daemon (PETFLOWD, PATH or the repository's release build)."""
    options.setdefault("today", TODAY)
    return petflow.Client(**options)  # type: ignore[arg-type]


def real_daemon() -> str:
    """The real binary the tests run (PETFLOWD, PATH or the repository's release build)."""
    from petflow._locate import find_daemon
    return find_daemon()


def real_daemon_with(*flags: str) -> str:
    """An executable that runs the real daemon with extra command-line ``flags`` (the
    client adds its own): the real binary, with a limit lowered, say."""
    command = " ".join(shlex.quote(word) for word in (real_daemon(), *flags))
    return fake_daemon(f'exec {command} "$@"')


def fake_daemon(body: str) -> str:
    """An executable shell script standing in for petflowd, deleted when the tests end."""
    directory = tempfile.mkdtemp(prefix="petflow-fake-")
    atexit.register(shutil.rmtree, directory, True)
    path = os.path.join(directory, "petflowd")
    with open(path, "w") as script:
        script.write("#!/bin/sh\n" + body + "\n")
    os.chmod(path, os.stat(path).st_mode | stat.S_IXUSR)
    return path


#: Answers initialize, then reads one more request and exits 3 without answering it.
DIES_ON_SECOND_REQUEST = f"""
read -r line
printf '%s\\n' '{FAKE_INITIALIZED}'
read -r line
echo "fake petflowd: giving up on: $line" >&2
exit 3
"""

#: Answers initialize, then reads everything and answers nothing.
NEVER_ANSWERS_AFTER_INITIALIZE = f"""
read -r line
printf '%s\\n' '{FAKE_INITIALIZED}'
exec cat >/dev/null
"""



def holds_a_request(seen: str) -> str:
    """A fake that answers initialize, reads one more request and says so by creating the file
    ``seen`` (the request is in flight: read and never to be answered), then reads everything
    and answers nothing."""
    return f"""
read -r line
printf '%s\\n' '{FAKE_INITIALIZED}'
read -r line
: > {shlex.quote(seen)}
exec cat >/dev/null
"""


def wait_until(condition, within: float = MARGIN) -> bool:  # type: ignore[no-untyped-def]
    """Whether ``condition()`` comes true within ``within`` seconds."""
    deadline = time.monotonic() + within
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.01)
    return True


class SharedClientTestCase(unittest.TestCase):
    """Tests that share one client of the real daemon, started once for the class."""

    client: petflow.Client

    @classmethod
    def setUpClass(cls) -> None:
        cls.client = client()

    @classmethod
    def tearDownClass(cls) -> None:
        cls.client.close()
