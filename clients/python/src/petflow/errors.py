"""The exceptions a petflow.Client raises: one family, rooted at PetFlowError."""

from __future__ import annotations

from typing import Any, List, Optional

from .types import FlowSnapshot

#: The JSON-RPC code of a flow call whose ``rev`` is not the flow's current one.
STALE_REVISION_CODE = -32015


class PetFlowError(Exception):
    """A request failed.

    For an error petflowd answered (a JSON-RPC error object), ``code`` is the JSON-RPC code
    (-32602 invalid params, -32010 unknown flow id, -32011 flow ended, ...; protocol.md
    lists them all), ``message`` its message and ``data`` its ``data`` member, or None.

    A field or flow step that fails validation is *not* an error: it comes back as a
    result (``FieldResult.error``, ``FlowSnapshot.errors``).

    The client's own failures are subclasses with ``code`` None: :class:`DaemonExited`
    (and :class:`ClientClosed`), :class:`Timeout`, :class:`UnsendableInput` and
    :class:`DaemonNotFound`. ``except PetFlowError`` catches everything a call can raise
    besides programming errors (TypeError for arguments of the wrong kind).
    """

    def __init__(self, code: Optional[int], message: str, data: Any = None) -> None:
        super().__init__(message if code is None else f"{message} (code {code})")
        self.code = code
        self.message = message
        self.data = data


class StaleRevision(PetFlowError):
    """``flow/update``, ``flow/next``, ``flow/back`` or ``flow/cancel`` was given a ``rev``
    that is not the flow's current one (code -32015): the call changed nothing.

    ``snapshot`` is the flow as it is now (what ``flow/state`` answers), so a UI can
    render it instead of repeating the call; ``rev`` is its current revision.
    """

    def __init__(self, code: int, message: str, data: Any) -> None:
        super().__init__(code, message, data)
        fields = data if isinstance(data, dict) else {}
        self.flow_id: Optional[str] = fields.get("flowId")
        self.rev: Optional[int] = fields.get("rev")
        snapshot = fields.get("snapshot")
        self.snapshot: Optional[FlowSnapshot] = (
            FlowSnapshot.from_json(snapshot) if isinstance(snapshot, dict) else None)


def error_from_json(error: Any) -> PetFlowError:
    """The exception for a JSON-RPC error object petflowd answered."""
    fields = error if isinstance(error, dict) else {}
    code, message, data = fields.get("code"), str(fields.get("message", "")), fields.get("data")
    if code == STALE_REVISION_CODE:
        return StaleRevision(code, message, data)
    return PetFlowError(code, message, data)


class DaemonExited(PetFlowError):
    """petflowd ended (or closed its stdout) before answering.

    ``returncode`` is its exit status as :attr:`subprocess.Popen.returncode` gives it
    (negative for a signal: -9 after SIGKILL), or None when it closed stdout but had not
    exited within a second. ``stderr`` holds the last lines it wrote on stderr. Every
    request then in flight, and every later request, raises this.
    """

    def __init__(self, returncode: Optional[int], stderr: str, message: str = "") -> None:
        status = "still running" if returncode is None else f"exit status {returncode}"
        message = message or f"petflowd exited ({status})"
        if stderr.strip():
            message += "; its stderr ended with:\n" + stderr.rstrip("\n")
        super().__init__(None, message, None)
        self.returncode = returncode
        self.stderr = stderr


class ClientClosed(DaemonExited):
    """The client was closed (``close()`` or the end of its ``with`` block): it ended its
    daemon, and every request made after that raises this."""

    def __init__(self, returncode: Optional[int], stderr: str) -> None:
        status = "still running" if returncode is None else f"exit status {returncode}"
        super().__init__(returncode, stderr,
                         f"the petflow client is closed; close() ended its petflowd ({status})")


class Timeout(PetFlowError):
    """A request got no answer within the client's ``timeout`` seconds.

    The daemon is left running; a late answer is dropped. ``method`` names the request
    and ``timeout`` is the limit that passed.
    """

    def __init__(self, method: str, timeout: float) -> None:
        super().__init__(None, f"petflowd did not answer {method} within {timeout:g} s", None)
        self.method = method
        self.timeout = timeout


class UnsendableInput(PetFlowError, ValueError):
    """A request held something petflowd can never accept, so it was not sent: text with
    a lone surrogate (``"\\ud83d"``, which is no Unicode text and has no UTF-8 form), or a
    float that is NaN or infinite (JSON has no such number).

    ``path`` names where it was (``text``, ``values.animalLatitude``, ``params`` when it
    cannot be told) and ``reason`` what it was. The session is untouched. Also a
    ValueError.
    """

    def __init__(self, method: str, path: str, reason: str) -> None:
        super().__init__(None, f"{method}: {path} cannot be sent to petflowd: {reason}", None)
        self.method = method
        self.path = path
        self.reason = reason


class DaemonNotFound(PetFlowError, FileNotFoundError):
    """No petflowd executable could be started.

    ``path`` is the candidate at fault (a ``path`` argument or ``PETFLOWD`` naming a
    directory, a file that is not executable, or nothing), or None when every place was
    empty; ``searched`` lists the places looked in, in order. Also a FileNotFoundError.
    """

    def __init__(self, message: str, path: Optional[str] = None,
                 searched: Optional[List[str]] = None) -> None:
        PetFlowError.__init__(self, None, message, None)
        self.path = path
        self.searched = list(searched or [])
