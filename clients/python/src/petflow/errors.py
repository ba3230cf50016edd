"""The exceptions a petflow.Client raises: one family, rooted at PetFlowError."""

from __future__ import annotations

from typing import Any, Optional


class PetFlowError(Exception):
    """A request failed.

    For an error petflowd answered (a JSON-RPC error object), ``code`` is the JSON-RPC code
    (-32602 invalid params, -32010 unknown flow id, -32011 flow ended, ...; protocol.md
    lists them all), ``message`` its message and ``data`` its ``data`` member, or None.

    A field or flow step that fails validation is *not* an error: it comes back as a
    result (``FieldResult.error``, ``FlowSnapshot.errors``).

    The client's own failures are subclasses with ``code`` None: :class:`DaemonExited`
    and :class:`Timeout`. ``except PetFlowError`` catches everything a call can raise
    besides programming errors (TypeError for arguments of the wrong kind).
    """

    def __init__(self, code: Optional[int], message: str, data: Any = None) -> None:
        super().__init__(message if code is None else f"{message} (code {code})")
        self.code = code
        self.message = message
        self.data = data


class DaemonExited(PetFlowError):
    """petflowd ended (or closed its stdout) before answering.

    ``returncode`` is its exit status as :attr:`subprocess.Popen.returncode` gives it
    (negative for a signal: -9 after SIGKILL), or None when it closed stdout but had not
    exited within a second. ``stderr`` holds the last lines it wrote on stderr. Every
    request then in flight, and every later request, raises this.
    """

    def __init__(self, returncode: Optional[int], stderr: str) -> None:
        status = "still running" if returncode is None else f"exit status {returncode}"
        message = f"petflowd exited ({status})"
        if stderr.strip():
            message += "; its stderr ended with:\n" + stderr.rstrip("\n")
        super().__init__(None, message, None)
        self.returncode = returncode
        self.stderr = stderr


class Timeout(PetFlowError):
    """A request got no answer within the client's ``timeout`` seconds.

    The daemon is left running; a late answer is dropped. ``method`` names the request
    and ``timeout`` is the limit that passed.
    """

    def __init__(self, method: str, timeout: float) -> None:
        super().__init__(None, f"petflowd did not answer {method} within {timeout:g} s", None)
        self.method = method
        self.timeout = timeout
