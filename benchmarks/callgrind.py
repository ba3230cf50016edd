"""Counts the instructions petflowd runs under valgrind's callgrind, the same way every run.

Instruction counts are exact, but what the process is given still changes them: the
environment and argv it starts with, how its reads are cut, whether its writes block, and
the seed of Swift's hashing. So every run here gets:

- the same environment (FIXED_ENVIRONMENT), with SWIFT_DETERMINISTIC_HASHING set: with a
  random seed the probes of the flow tables' dictionaries change from run to run, and a
  flow pair moved by ±0.3%;
- the same argv: `./petflowd`, a link in a temporary folder that is the working directory;
- standard output a regular file, where a write never blocks: through a pipe the daemon
  held answers for a slow reader, and how much it held (polls, partial writes) moved a
  flow pair by ±1%;
- input it reads in the same pieces: a file for a fixed stream, or, when requests depend on
  an answer (a flow's id), a pipe written in pieces of whole messages that each fit one
  read, the next only once every answer to the last is out.

Every request must be answered with a result: a count taken on error answers (a workload
that no longer fits the protocol) would measure the wrong path.

Python standard library only.
"""

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

# Everything the daemon finds in its environment (valgrind adds its own preload variables).
FIXED_ENVIRONMENT = {"PATH": "/usr/bin:/bin", "LC_ALL": "C", "SWIFT_DETERMINISTIC_HASHING": "1"}

# petflowd reads standard input 64 KiB at a time (StdioTransport's read buffer); a pipe
# holds 64 KiB. A piece no larger than this is taken by one read.
READ_SIZE = 64 * 1024

# Under callgrind a piece of a session is answered in well under a second and a whole run
# takes seconds; past these, petflowd is taken to hang, and the run ends with a message.
ANSWER_TIMEOUT_SECONDS = 60
RUN_TIMEOUT_SECONDS = 600


def require_valgrind():
    """Exits with a clear message when valgrind is not installed."""
    if shutil.which("valgrind") is None:
        sys.exit("callgrind.py: valgrind is not installed (Debian: apt-get install valgrind)")


class Callgrind:
    """Runs one petflowd binary under callgrind; use as a context manager."""

    def __init__(self, binary):
        self.binary = os.path.abspath(binary)
        if not os.access(self.binary, os.X_OK):
            sys.exit(f"callgrind.py: {self.binary} is not an executable")
        self.valgrind = shutil.which("valgrind")

    def __enter__(self):
        self.folder = tempfile.mkdtemp(prefix="petflowd-callgrind-")
        os.symlink(self.binary, os.path.join(self.folder, "petflowd"))
        return self

    def __exit__(self, *_):
        shutil.rmtree(self.folder, ignore_errors=True)

    def with_flows(self, files):
        """Copies flow files into the run's folder: `count_session(..., flows=True)` then serves
        them with `--flows flows` (a relative path, so argv stays the same from run to run)."""
        folder = os.path.join(self.folder, "flows")
        os.makedirs(folder, exist_ok=True)
        for path in files:
            shutil.copy(path, folder)

    def _start(self, stdin, stdout, out_file, arguments=()):
        # stderr (callgrind's summary, petflowd's log) goes to a file: a pipe read only at
        # the end could fill up and stop the daemon while a session waits for its answers.
        self.stderr = os.path.join(self.folder, "stderr")
        with open(self.stderr, "wb") as stderr:
            return subprocess.Popen(
                [self.valgrind, "--tool=callgrind", f"--callgrind-out-file={out_file}",
                 "./petflowd", *arguments],
                cwd=self.folder, env=FIXED_ENVIRONMENT, stdin=stdin, stdout=stdout, stderr=stderr)

    def _stderr(self):
        with open(self.stderr, "rb") as f:
            return f.read().decode(errors="replace")

    def _collected(self, process):
        try:
            process.wait(timeout=RUN_TIMEOUT_SECONDS)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        stderr = self._stderr()
        match = re.search(r"Collected : (\d+)", stderr)
        if process.returncode != 0 or not match:
            sys.exit(f"callgrind.py: petflowd under callgrind failed "
                     f"(exit {process.returncode}):\n{stderr}")
        return int(match.group(1))

    def count(self, stream, requests, out_file=os.devnull):
        """Instructions of a whole run that reads `stream` (bytes) from a file; every one of
        its `requests` must be answered with a result."""
        path = os.path.join(self.folder, "input")
        with open(path, "wb") as f:
            f.write(stream)
        output = os.path.join(self.folder, "output")
        with open(path, "rb") as stdin, open(output, "wb") as stdout:
            process = self._start(stdin, stdout, out_file)
        instructions = self._collected(process)
        _check_answers(output, requests)
        return instructions

    def count_session(self, first, rest, out_file=os.devnull, flows=False):
        """Instructions of a whole run that is sent `first` (one framed message), then
        `rest(answer)`, a list of framed messages made from its answer (a parsed object).
        With `flows`, the daemon also serves the files `with_flows` copied."""
        output = os.path.join(self.folder, "output")
        arguments = ("--flows", "flows") if flows else ()
        with open(output, "wb") as stdout:
            process = self._start(subprocess.PIPE, stdout, out_file, arguments)
        try:
            self._send_in_pieces(process, output, [first], 0)
            with open(output, "rb") as f:
                answer = json.loads(next(_bodies(f.read())))
            messages = rest(answer)
            self._send_in_pieces(process, output, messages, 1)
        finally:
            process.stdin.close()
        instructions = self._collected(process)
        _check_answers(output, 1 + len(messages))
        return instructions

    def _send_in_pieces(self, process, output, messages, answered):
        """Writes `messages` in pieces of whole messages that each fit one read, waiting
        after each piece until `answered` plus its messages have been answered."""
        piece, size = [], 0
        for message in messages + [None]:
            if message is not None and len(message) > READ_SIZE:
                sys.exit("callgrind.py: a session message is larger than one read")
            if piece and (message is None or size + len(message) > READ_SIZE):
                process.stdin.write(b"".join(piece))
                process.stdin.flush()
                answered += len(piece)
                self._wait_for_answers(process, output, answered)
                piece, size = [], 0
            if message is not None:
                piece.append(message)
                size += len(message)

    def _wait_for_answers(self, process, output, count):
        deadline = time.monotonic() + ANSWER_TIMEOUT_SECONDS
        while True:
            with open(output, "rb") as f:
                if sum(1 for _ in _bodies(f.read())) >= count:
                    return
            if process.poll() is not None or time.monotonic() > deadline:
                process.kill()
                process.wait()
                sys.exit(f"callgrind.py: petflowd did not answer request {count} "
                         f"(exit {process.returncode}):\n{self._stderr()}")
            time.sleep(0.002)


def _check_answers(output, requests):
    """Exits unless `output` holds `requests` answers, each a result: a count taken on
    error answers (a workload that no longer fits the protocol) would measure nothing."""
    with open(output, "rb") as f:
        bodies = list(_bodies(f.read()))
    if len(bodies) != requests:
        sys.exit(f"callgrind.py: {requests} requests, {len(bodies)} answers")
    for body in bodies:
        if "result" not in json.loads(body):
            sys.exit(f"callgrind.py: a request of the workload failed: {body[:500]!r}")


def _bodies(data):
    """The complete answers in `data`, in order: LSP-framed bodies, or NDJSON lines."""
    if data[:1] in (b"{", b"["):
        yield from (line for line in data.split(b"\n") if line.strip())
        return
    position = 0
    while True:
        end = data.find(b"\r\n\r\n", position)
        if end < 0:
            return
        header = data[position:end].decode("ascii", errors="replace")
        match = re.search(r"(?i)content-length:\s*(\d+)", header)
        if not match:
            sys.exit(f"callgrind.py: an answer without Content-Length: {header!r}")
        start = end + 4
        length = int(match.group(1))
        if len(data) < start + length:
            return
        yield data[start:start + length]
        position = start + length
