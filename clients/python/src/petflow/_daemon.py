"""The petflowd process: finding it, spawning it, and JSON-RPC over NDJSON on its pipes."""

from __future__ import annotations

import collections
import json
import os
import shutil
import subprocess
import threading
from pathlib import Path
from typing import IO, Any, Deque, Dict, List, Optional

from .errors import DaemonExited, PetFlowError, Timeout

#: How many of the daemon's last stderr lines a DaemonExited carries.
STDERR_TAIL_LINES = 20
#: How long ending the daemon may take before it is killed, in seconds.
GRACE_SECONDS = 2.0


def find_daemon(path: Optional[str] = None) -> str:
    """The executable to spawn: ``path``, else env ``PETFLOWD``, else ``petflowd`` on
    PATH, else the repository's release build (``.build/release/petflowd``) when this
    package runs from a checkout."""
    if path:
        return str(path)
    from_env = os.environ.get("PETFLOWD")
    if from_env:
        return from_env
    on_path = shutil.which("petflowd")
    if on_path:
        return on_path
    # src/petflow/_daemon.py -> clients/python/src/petflow -> the repository root.
    repo_build = Path(__file__).resolve().parents[4] / ".build" / "release" / "petflowd"
    if repo_build.is_file():
        return str(repo_build)
    raise FileNotFoundError(
        "petflowd not found: pass Client(path=...), set PETFLOWD, put petflowd on PATH, "
        f"or build it (swift build -c release) so that {repo_build} exists"
    )


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
    """

    def __init__(self, executable: str, timeout: Optional[float]) -> None:
        self.timeout = timeout
        self._process = subprocess.Popen(
            [executable, "--framing", "ndjson"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        self._write_lock = threading.Lock()
        self._state_lock = threading.Lock()
        self._pending: Dict[int, _Pending] = {}
        self._next_id = 1
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
        answer, DaemonExited when the daemon is gone, Timeout after ``timeout`` seconds."""
        limit = self.timeout if timeout is None else timeout
        pending = _Pending()
        with self._state_lock:
            if self._exited is not None:
                raise self._exited
            request_id = self._next_id
            self._next_id += 1
            self._pending[request_id] = pending
        message: Dict[str, Any] = {"jsonrpc": "2.0", "id": request_id, "method": method}
        if params is not None:
            message["params"] = params
        try:
            self._send(message)
            if not pending.done.wait(limit) and limit is not None:
                raise Timeout(method, limit)
        finally:
            with self._state_lock:
                self._pending.pop(request_id, None)
        if pending.failure is not None:
            raise pending.failure
        answer = pending.answer or {}
        if "error" in answer:
            error = answer["error"] if isinstance(answer["error"], dict) else {}
            raise PetFlowError(error.get("code"), str(error.get("message", "")), error.get("data"))
        return answer.get("result")

    def notify(self, method: str, params: Optional[Dict[str, Any]] = None) -> None:
        """Sends a notification (no answer comes back)."""
        message: Dict[str, Any] = {"jsonrpc": "2.0", "method": method}
        if params is not None:
            message["params"] = params
        self._send(message)

    def _send(self, message: Dict[str, Any]) -> None:
        line = json.dumps(message, ensure_ascii=False, separators=(",", ":")) + "\n"
        stdin = self._process.stdin
        assert stdin is not None
        try:
            with self._write_lock:
                stdin.write(line.encode("utf-8"))
                stdin.flush()
        except (OSError, ValueError):
            # The pipe broke or was closed: the daemon is gone. Wait (briefly) for the
            # stdout reader to see it, so the error carries the exit status and stderr.
            self._gone.wait(GRACE_SECONDS * 2)
            raise self._exited or DaemonExited(self._process.poll(), self.stderr_tail())

    # MARK: - Reading

    def _read_stdout(self) -> None:
        stdout = self._process.stdout
        assert stdout is not None
        for line in stdout:
            if not line.strip():
                continue
            try:
                answer = json.loads(line)
            except ValueError:
                with self._state_lock:
                    self._stderr_tail.append("petflow: unreadable stdout line " + repr(line[:200]))
                continue
            self._deliver(answer)
        try:
            returncode: Optional[int] = self._process.wait(GRACE_SECONDS / 2)
        except subprocess.TimeoutExpired:
            returncode = None  # stdout closed, process still running: unusable all the same
        self._daemon_gone(returncode)

    def _watch_exit(self) -> None:
        # The process can end while its stdout stays open (a child it spawned holds the
        # pipe), so its exit, not only the end of stdout, fails the requests in flight.
        returncode = self._process.wait()
        self._stdout_thread.join(GRACE_SECONDS / 2)  # answers already written go first
        self._daemon_gone(returncode)

    def _deliver(self, answer: Any) -> None:
        # A batch answer is a list; this client sends no batches, but reads them anyway.
        for item in answer if isinstance(answer, list) else [answer]:
            if not isinstance(item, dict) or not isinstance(item.get("id"), int):
                continue  # an id:null error (framing fault) belongs to no request
            with self._state_lock:
                pending = self._pending.get(item["id"])
            if pending is not None:
                pending.answer = item
                pending.done.set()

    def _drain_stderr(self) -> None:
        stderr = self._process.stderr
        assert stderr is not None
        for line in stderr:
            with self._state_lock:
                self._stderr_tail.append(line.decode("utf-8", "replace").rstrip("\n"))

    def stderr_tail(self) -> str:
        """The daemon's last lines on stderr (at most STDERR_TAIL_LINES)."""
        with self._state_lock:
            return "".join(line + "\n" for line in self._stderr_tail)

    def _daemon_gone(self, returncode: Optional[int]) -> None:
        """The daemon ended: fail every request in flight, and every later one."""
        self._stderr_thread.join(GRACE_SECONDS / 2)  # its last words, for the error
        exited = DaemonExited(returncode, self.stderr_tail())
        with self._state_lock:
            if self._exited is not None:
                return  # the other watcher saw it first
            self._exited = exited
            waiting: List[_Pending] = list(self._pending.values())
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
        a couple of seconds; answers its exit status. Safe to call more than once."""
        if not self._gone.is_set() and self._process.poll() is None:
            try:
                self.request("shutdown", timeout=min(self.timeout or GRACE_SECONDS, GRACE_SECONDS))
                self.notify("exit")
            except PetFlowError:
                pass  # already dying, stuck or refusing: the kill below settles it
        self._close_stdin()
        try:
            self._process.wait(GRACE_SECONDS)
        except subprocess.TimeoutExpired:
            self._process.kill()
            self._process.wait(GRACE_SECONDS)
        self._stdout_thread.join(GRACE_SECONDS)
        self._stderr_thread.join(GRACE_SECONDS)
        for pipe in (self._process.stdout, self._process.stderr):
            _close_quietly(pipe)
        return self._process.returncode

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
