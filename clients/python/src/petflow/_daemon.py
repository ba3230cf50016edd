"""The petflowd process: spawning it, and JSON-RPC over NDJSON on its pipes."""

from __future__ import annotations

import collections
import json
import os
import selectors
import subprocess
import threading
from typing import IO, Any, Deque, Dict, Iterator, Optional, Sequence

from ._message import encode_line
from .errors import (ClientClosed, DaemonExited, DaemonNotFound, PetFlowError, Timeout,
                     error_from_json)

#: How many of the daemon's last stderr lines a DaemonExited carries.
STDERR_TAIL_LINES = 20
#: How long ending the daemon may take before it is killed, in seconds.
GRACE_SECONDS = 2.0
#: How much the reader threads read at a time.
READ_BYTES = 65536


class _Pending:
    """One request waiting for its answer."""

    __slots__ = ("done", "answer", "failure")

    def __init__(self) -> None:
        self.done = threading.Event()
        self.answer: Optional[Dict[str, Any]] = None
        self.failure: Optional[PetFlowError] = None


class Connection:
    """A running petflowd and the requests in flight to it.

    Thread-safe: any number of threads may call :meth:`request` at once; answers are
    matched to requests by id. One thread reads stdout, another drains stderr, so
    neither pipe can fill up and block the daemon.

    The readers wait on their pipe and on a wake-up pipe of their own: a process the daemon
    started (a wrapper script's child) can hold stdout and stderr open long after the daemon
    has gone, and a thread blocked in a read of a buffered pipe cannot be stopped, nor the
    pipe closed under it. Closing the client wakes them, they return, and only then are the
    pipes closed.
    """

    def __init__(self, executable: str, timeout: Optional[float],
                 args: Sequence[str] = ()) -> None:
        self.timeout = timeout
        try:
            # The caller's options first: the framing this connection speaks has the last word.
            self._process = subprocess.Popen(
                [executable, *args, "--framing", "ndjson"],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
            )
        except OSError as error:  # checked as a file, yet not runnable (ENOEXEC, a race)
            raise DaemonNotFound(f"could not start {executable!r}: {error.strerror or error}",
                                 executable, [executable]) from error
        self._wake_reader, self._wake_writer = os.pipe()
        self._released = False
        self._write_lock = threading.Lock()
        self._state_lock = threading.Lock()
        # Requests sent and not yet answered, in the order they were written (ids grow with
        # it: an id is taken and its line written under the write lock). None marks one
        # whose caller gave up (a timeout): its answer is still due, and still in order.
        self._unanswered: Dict[int, Optional[_Pending]] = {}
        self._next_id = 1
        self._closing = False
        self._exited: Optional[DaemonExited] = None
        self._gone = threading.Event()
        self._stderr_tail: Deque[str] = collections.deque(maxlen=STDERR_TAIL_LINES)
        self._stderr_thread = self._thread(self._drain_stderr, "stderr")
        self._stdout_thread = self._thread(self._read_stdout, "stdout")
        self._thread(self._watch_exit, "exit")

    @property
    def pid(self) -> int:
        return self._process.pid

    @property
    def returncode(self) -> Optional[int]:
        return self._process.poll()

    def _thread(self, target: Any, name: str) -> threading.Thread:
        thread = threading.Thread(target=target, name=f"petflowd-{name}-{self.pid}", daemon=True)
        thread.start()
        return thread

    # MARK: - Requests

    def request(self, method: str, params: Optional[Dict[str, Any]] = None,
                timeout: Optional[float] = None) -> Any:
        """Sends one request and answers its ``result``; raises PetFlowError for an error
        answer, UnsendableInput (nothing sent) for what petflowd can never accept,
        DaemonExited when the daemon is gone, Timeout after ``timeout`` seconds."""
        limit = self.timeout if timeout is None else timeout
        message: Dict[str, Any] = {"jsonrpc": "2.0", "id": 0, "method": method}
        if params is not None:
            message["params"] = params
        pending = _Pending()
        with self._write_lock:
            with self._state_lock:
                if self._exited is not None:
                    raise self._exited
                request_id = message["id"] = self._next_id
                self._next_id += 1
            line = encode_line(message)  # raises UnsendableInput before anything is sent
            with self._state_lock:
                self._unanswered[request_id] = pending
            written = self._write(line)
        if not written:
            raise self._gone_error()
        if not pending.done.wait(limit):
            with self._state_lock:
                if not pending.done.is_set():
                    if request_id in self._unanswered:
                        self._unanswered[request_id] = None  # its answer is still due
                    assert limit is not None  # wait(None) returns only once answered
                    raise Timeout(method, limit)
        if pending.failure is not None:
            raise pending.failure
        answer = pending.answer or {}
        if "error" in answer:
            raise error_from_json(answer["error"])
        return answer.get("result")

    def notify(self, method: str, params: Optional[Dict[str, Any]] = None) -> None:
        """Sends a notification (no answer comes back)."""
        message: Dict[str, Any] = {"jsonrpc": "2.0", "method": method}
        if params is not None:
            message["params"] = params
        line = encode_line(message)
        with self._write_lock:
            written = self._write(line)
        if not written:
            raise self._gone_error()

    def _write(self, line: bytes) -> bool:
        """Writes one line (the write lock held); False when the pipe is broken or closed."""
        stdin = self._process.stdin
        assert stdin is not None
        try:
            stdin.write(line)
            stdin.flush()
            return True
        except (OSError, ValueError):
            return False

    def _gone_error(self) -> DaemonExited:
        # The pipe broke or was closed: the daemon is gone. Wait (briefly) for the stdout
        # reader to see it, so the error carries the exit status and stderr.
        self._gone.wait(GRACE_SECONDS * 2)
        return self._exited or DaemonExited(self._process.poll(), self.stderr_tail())

    # MARK: - Reading

    def _lines(self, pipe: Optional[IO[bytes]]) -> Iterator[bytes]:
        """The lines of ``pipe`` as they come, until its end, or until the client wakes the
        readers to stop: then what the pipe already holds is read, and no more awaited (a
        last line without a newline is given at the end)."""
        assert pipe is not None
        fd = pipe.fileno()
        with selectors.DefaultSelector() as selector:
            selector.register(fd, selectors.EVENT_READ)
            selector.register(self._wake_reader, selectors.EVENT_READ)
            pending = b""
            stopping = False
            while True:
                ready = {key.fd for key, _ in selector.select(0 if stopping else None)}
                stopping = stopping or self._wake_reader in ready
                if fd not in ready:
                    if stopping:
                        break
                    continue
                chunk = os.read(fd, READ_BYTES)
                if not chunk:
                    break
                *lines, pending = (pending + chunk).split(b"\n")
                for line in lines:
                    yield line + b"\n"
            if pending:
                yield pending

    def _read_stdout(self) -> None:
        for line in self._lines(self._process.stdout):
            if not line.strip():
                continue
            try:
                answer = json.loads(line)
            except ValueError:
                with self._state_lock:
                    self._stderr_tail.append("petflow: unreadable stdout line " + repr(line[:200]))
                continue
            if isinstance(answer, list):  # a batch answer: this client sends none
                for item in answer:
                    self._deliver(item, owns_null_id=False)
            else:
                self._deliver(answer, owns_null_id=True)
        try:
            returncode: Optional[int] = self._process.wait(GRACE_SECONDS / 2)
        except subprocess.TimeoutExpired:
            returncode = None  # stdout closed, process still running: unusable all the same
        self._daemon_gone(returncode)

    def _watch_exit(self) -> None:
        # The process can end while its stdout stays open (a child it spawned holds the
        # pipe), so its exit, not only the end of stdout, fails the requests in flight.
        returncode = self._process.wait()
        self._stdout_thread.join(GRACE_SECONDS / 4)  # answers already written go first
        self._daemon_gone(returncode)

    def _deliver(self, answer: Any, owns_null_id: bool) -> None:
        if not isinstance(answer, dict):
            return
        request_id = answer.get("id")
        with self._state_lock:
            if request_id is None and owns_null_id and "error" in answer:
                # An error petflowd could not tie to an id (bad JSON, a message over
                # --max-message-bytes). It answers in order, so the error belongs to the
                # oldest request still unanswered.
                request_id = next(iter(self._unanswered), None)
                if request_id is None:
                    self._stderr_tail.append(f"petflow: an error for no request: {answer!r:.200}")
                    return
            if not isinstance(request_id, int) or isinstance(request_id, bool):
                return
            pending = self._unanswered.pop(request_id, None)
            if pending is not None:
                pending.answer = answer
                pending.done.set()

    def _drain_stderr(self) -> None:
        for line in self._lines(self._process.stderr):
            with self._state_lock:
                self._stderr_tail.append(line.decode("utf-8", "replace").rstrip("\n"))

    def stderr_tail(self) -> str:
        """The daemon's last lines on stderr (at most STDERR_TAIL_LINES)."""
        with self._state_lock:
            return "".join(line + "\n" for line in self._stderr_tail)

    def _daemon_gone(self, returncode: Optional[int]) -> None:
        """The daemon ended: fail every request in flight, and every later one."""
        self._stderr_thread.join(GRACE_SECONDS / 4)  # its last words, for the error
        with self._state_lock:
            if self._exited is not None:
                return  # the other watcher saw it first
            stderr = "".join(line + "\n" for line in self._stderr_tail)
            exited = (ClientClosed(returncode, stderr) if self._closing
                      else DaemonExited(returncode, stderr))
            self._exited = exited
            waiting = [p for p in self._unanswered.values() if p is not None]
            self._unanswered.clear()
        for pending in waiting:
            pending.failure = exited
            pending.done.set()
        self._gone.set()

    # MARK: - Ending

    @property
    def closed(self) -> bool:
        return self._gone.is_set()

    def close(self) -> Optional[int]:
        """Ends the daemon politely (shutdown, exit), killing it if it does not end within
        a couple of seconds; answers its exit status. Safe to call more than once. Every
        request after it raises ClientClosed."""
        with self._state_lock:
            self._closing = True
        answered = False
        if not self._gone.is_set() and self._process.poll() is None:
            try:
                self.request("shutdown", timeout=min(self.timeout or GRACE_SECONDS, GRACE_SECONDS))
                self.notify("exit")
                answered = True
            except PetFlowError:
                pass  # already dying, stuck or refusing: the kill below settles it
        self._close_stdin()
        try:
            # One that did not answer shutdown will not end at the end of its input either.
            self._process.wait(GRACE_SECONDS if answered else 0.1)
        except subprocess.TimeoutExpired:
            self._process.kill()
            self._process.wait(GRACE_SECONDS)
        return self._release()

    def abort(self) -> Optional[int]:
        """Kills the daemon at once: for a start that failed, where a polite shutdown would
        only wait out another timeout. Answers its exit status."""
        with self._state_lock:
            self._closing = True
        if self._process.poll() is None:
            self._process.kill()
        self._close_stdin()
        self._process.wait()
        return self._release()

    def _release(self) -> Optional[int]:
        """After the process has ended: the reader threads finish (woken, should a process
        the daemon started still hold its pipes), the pipes close, and every later request
        says the client is closed (even after a crash)."""
        if self._released:
            return self._process.returncode
        self._released = True
        # The readers read what the pipes hold and return, even if another process holds them open.
        os.write(self._wake_writer, b"x")
        self._stdout_thread.join()
        self._stderr_thread.join()
        for pipe in (self._process.stdout, self._process.stderr):
            _close_quietly(pipe)
        for fd in (self._wake_reader, self._wake_writer):
            os.close(fd)
        returncode = self._process.returncode
        with self._state_lock:
            if not isinstance(self._exited, ClientClosed):
                self._exited = ClientClosed(returncode, "".join(
                    line + "\n" for line in self._stderr_tail))
        self._gone.set()
        return returncode

    def _close_stdin(self) -> None:
        with self._write_lock:
            _close_quietly(self._process.stdin)


def _close_quietly(pipe: Optional[IO[bytes]]) -> None:
    if pipe is None:
        return
    try:
        pipe.close()
    except OSError:
        pass
