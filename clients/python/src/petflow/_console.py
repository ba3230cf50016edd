"""The `petflowd` command of the wheel that carries the binary: it becomes the binary."""

from __future__ import annotations

import os
import sys

from ._locate import BUNDLED


def main() -> None:
    """Execs the bundled petflowd with this command's arguments, so its stdin, stdout,
    signals and exit status are the binary's own. Only the bundled binary: PETFLOWD or
    PATH could name this very command, which would exec itself for ever."""
    if not (BUNDLED.is_file() and os.access(BUNDLED, os.X_OK)):
        sys.exit(f"petflowd: this petflow install carries no binary at {BUNDLED}; install the "
                 "wheel built for this platform (scripts/package makes it)")
    os.execv(BUNDLED, [str(BUNDLED), *sys.argv[1:]])
