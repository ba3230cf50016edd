"""petflow.Client: one petflowd process, its methods as Python calls."""

from __future__ import annotations

import json
import time
from typing import Any, Dict, List, Mapping, Optional, Sequence, Tuple, Union

from ._daemon import Connection
from ._locate import find_daemon
from .errors import Timeout
from .types import (FieldInfo, FieldResult, FlowInfo, FlowSnapshot, FlowValidation,
                    ServerInfo, Validation)

#: A selection: an ``int`` caret, a ``(start, end)`` pair (a :class:`Selection` is one),
#: or a ``{"start": .., "end": ..}`` mapping. Offsets are Python ``str`` indices.
SelectionLike = Union[int, Tuple[int, int], Sequence[int], Mapping[str, int]]
#: An edit as the protocol spells it; build one with insert(), delete_backward(),
#: delete_forward() or replace().
Edit = Dict[str, Any]
#: Field options: ``{"required": bool, "maxLength": int}`` (maxLength for text fields).
Options = Mapping[str, Any]


def insert(text: str) -> Edit:
    """Typing or pasting ``text`` over the selection."""
    return {"type": "insert", "text": text}


def delete_backward() -> Edit:
    """Backspace."""
    return {"type": "deleteBackward"}


def delete_forward() -> Edit:
    """Forward delete (Del, fn-Backspace)."""
    return {"type": "deleteForward"}


def replace(start: int, end: int, text: str) -> Edit:
    """Replacing ``text[start:end]`` (``str`` indices), as autocorrect or a drop does."""
    return {"type": "replace", "start": start, "end": end, "text": text}


def _selection(selection: SelectionLike) -> Dict[str, int]:
    if isinstance(selection, int):
        return {"start": selection, "end": selection}
    if isinstance(selection, Mapping):
        return {"start": selection["start"], "end": selection["end"]}
    start, end = selection
    return {"start": start, "end": end}


class Client:
    """A petflowd daemon of its own, spoken to over JSON-RPC (NDJSON on its stdin/stdout).

    ``path`` is the executable; without it, env ``PETFLOWD``, then the binary bundled in
    the installed package, then ``petflowd`` on PATH, then the repository's
    ``.build/release/petflowd`` (when running from a checkout); :class:`DaemonNotFound`
    lists the places looked in when none has one. ``args`` are more command-line options
    for the daemon, such as ``["--flows", "flows/examples"]`` to run the flows of that
    directory's files too.
    ``locale`` ("en" or "pl") sets the language of error messages; ``today``
    ("YYYY-MM-DD") fixes the date that date rules compare with (for tests); ``timeout``
    is how many seconds a request may wait for its answer (None: no limit), and also
    bounds the start: spawning and ``initialize`` together.

    The client negotiates ``positionEncoding: "utf-32"``, so every offset it takes or
    gives (``caret``, ``selection``, ``replace`` bounds) is a plain Python ``str``
    index: one per code point, as ``len()`` and slicing count (``"👍🏽"`` is 2).

    Use it in a ``with`` block, or call :meth:`close`; either ends the daemon (shutdown
    and exit, then a kill if it is stuck). A client may be shared between threads.

    Raises :class:`PetFlowError` for an error answer (:class:`StaleRevision` for a stale
    ``rev``), :class:`UnsendableInput` for what petflowd can never accept (nothing is
    sent), :class:`DaemonExited` when the daemon dies (:class:`ClientClosed` once the
    client is closed), :class:`Timeout` when an answer takes longer than ``timeout``.
    """

    def __init__(self, path: Optional[str] = None, *, args: Sequence[str] = (),
                 locale: Optional[str] = None, today: Optional[str] = None,
                 timeout: Optional[float] = 10.0) -> None:
        if isinstance(args, str) or not all(isinstance(arg, str) for arg in args):
            raise TypeError("args must be a sequence of strings, such as ['--flows', 'DIR']")
        started = time.monotonic()
        self._connection = Connection(find_daemon(path), timeout, tuple(args))
        params: Dict[str, Any] = {"positionEncoding": "utf-32"}
        if locale is not None:
            params["locale"] = locale
        if today is not None:
            params["today"] = today
        # The start as a whole keeps within the timeout: initialize gets what spawning left.
        left = None if timeout is None else max(0.0, timeout - (time.monotonic() - started))
        try:
            #: What ``initialize`` answered: server version, locale, methods.
            self.server_info = ServerInfo.from_json(
                self._connection.request("initialize", params, left))
        except Timeout:
            self._connection.abort()
            raise Timeout("initialize", timeout or 0.0) from None
        except BaseException:
            self._connection.abort()  # a polite shutdown would wait out another timeout
            raise

    def __enter__(self) -> Client:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def close(self) -> Optional[int]:
        """Ends the daemon (shutdown, exit; killed if stuck) and answers its exit status
        (0 after a clean shutdown). Safe to call twice. Every request after it raises
        :class:`ClientClosed`."""
        return self._connection.close()

    @property
    def pid(self) -> int:
        """The daemon's process id."""
        return self._connection.pid

    @property
    def timeout(self) -> Optional[float]:
        return self._connection.timeout

    def request(self, method: str, params: Optional[Mapping[str, Any]] = None, *,
                timeout: Optional[float] = None) -> Any:
        """Any JSON-RPC method, answering its raw ``result``: the escape hatch under every
        other method. ``timeout`` overrides the client's for this request."""
        return self._connection.request(method, None if params is None else dict(params),
                                        timeout)

    # MARK: - Fields

    def format(self, field: str, text: str, caret: Optional[int] = None, *,
               selection: Optional[SelectionLike] = None,
               options: Optional[Options] = None) -> FieldResult:
        """``field/format``: formats ``text`` as typed so far (the post-edit text), keeping
        the caret after the same significant characters. Give ``caret`` or
        ``selection`` (``str`` indices), or neither for a caret at the end."""
        params: Dict[str, Any] = {"field": field, "text": text}
        if caret is not None:
            params["caret"] = caret
        if selection is not None:
            params["selection"] = _selection(selection)
        if options is not None:
            params["options"] = dict(options)
        return FieldResult.from_json(self.request("field/format", params))

    def edit(self, field: str, text: str, selection: SelectionLike, edit: Edit, *,
             options: Optional[Options] = None) -> FieldResult:
        """``field/edit``: applies one ``edit`` (see insert(), delete_backward(),
        delete_forward(), replace()) to the control's state before it: its ``text`` and
        ``selection`` (an ``int`` caret or a ``(start, end)`` pair, ``str`` indices)."""
        params: Dict[str, Any] = {"field": field, "text": text,
                                  "selection": _selection(selection), "edit": dict(edit)}
        if options is not None:
            params["options"] = dict(options)
        return FieldResult.from_json(self.request("field/edit", params))

    def validate(self, field: str, text: Optional[str] = None, *, value: Any = None,
                 options: Optional[Options] = None) -> Validation:
        """``field/validate``: ``text`` as a control shows it, or ``value`` as a flow
        stores it (a number, a photo dict); neither validates an empty field."""
        params: Dict[str, Any] = {"field": field}
        if text is not None:
            params["text"] = text
        if value is not None:
            params["value"] = value
        if options is not None:
            params["options"] = dict(options)
        return Validation.from_json(self.request("field/validate", params))

    def fields(self) -> List[FieldInfo]:
        """``field/list``: every field kind."""
        return [FieldInfo.from_json(f) for f in self.request("field/list")["fields"]]

    # MARK: - Flows

    def flows(self) -> List[FlowInfo]:
        """``flow/list``: every flow definition with its title, steps and fields: the
        built-in ones, then those of the daemon's ``--flows`` files."""
        return [FlowInfo.from_json(f) for f in self.request("flow/list")["flows"]]

    def start(self, flow: str) -> FlowSnapshot:
        """``flow/start``: a new instance of ``flow`` ("reportMissingPet",
        "reportFoundPet", or a flow of a ``--flows`` file) on its first step."""
        return self._flow("flow/start", {"flow": flow})

    def state(self, flow_id: str) -> FlowSnapshot:
        """``flow/state``: the flow as it is (also answers for an ended flow)."""
        return self._flow("flow/state", {"flowId": flow_id})

    # ``rev`` (update, next, back, goto, cancel): the ``rev`` of the snapshot the UI shows. When
    # the flow has moved on since (a double-clicked Continue), the call changes nothing and
    # raises StaleRevision, whose ``snapshot`` is the flow as it is now.

    def update(self, flow_id: str, values: Mapping[str, Any], *,
               rev: Optional[int] = None) -> FlowSnapshot:
        """``flow/update``: stores values of the current step without moving on."""
        return self._flow("flow/update", {"flowId": flow_id, "values": dict(values)}, rev)

    def next(self, flow_id: str, values: Optional[Mapping[str, Any]] = None, *,
             rev: Optional[int] = None) -> FlowSnapshot:
        """``flow/next``: stores ``values``, validates the step and moves on when it is
        valid (else the snapshot carries ``errors``). On the last step it submits: the
        snapshot's ``status`` is "submitted" and ``payload`` holds the submission."""
        params: Dict[str, Any] = {"flowId": flow_id}
        if values is not None:
            params["values"] = dict(values)
        return self._flow("flow/next", params, rev)

    def back(self, flow_id: str, *, rev: Optional[int] = None) -> FlowSnapshot:
        """``flow/back``: the step before the current one on the path as the values now
        stand, values kept; on the first step it cancels."""
        return self._flow("flow/back", {"flowId": flow_id}, rev)

    def goto(self, flow_id: str, step: str, *, rev: Optional[int] = None) -> FlowSnapshot:
        """``flow/goto``: any step on the flow's current path whose earlier steps all
        validate (a check-answers page's "Change", a browser's Back and Forward), values
        kept; the current step changes nothing. A step that is unknown, or out of reach,
        raises PetFlowError -32602 with ``data["parameter"] == "step"`` and
        ``data["reason"]`` saying why: ``"unknown"``, ``"offPath"`` (the answers lead past
        it) or ``"blocked"``, with ``data["blockedBy"]`` the first earlier step that does
        not validate."""
        return self._flow("flow/goto", {"flowId": flow_id, "step": step}, rev)

    def cancel(self, flow_id: str, *, rev: Optional[int] = None) -> FlowSnapshot:
        """``flow/cancel``: ends the flow as cancelled."""
        return self._flow("flow/cancel", {"flowId": flow_id}, rev)

    def validate_flow(self, flow_id: str, values: Optional[Mapping[str, Any]] = None,
                      fields: Optional[Sequence[str]] = None) -> FlowValidation:
        """``flow/validate`` (on blur): the errors the current step's fields would have
        with ``values`` over the stored ones; changes nothing. It checks ``fields`` when
        given, else the fields in ``values``, else (no values) the whole step, and
        ``valid`` speaks for the fields checked only."""
        params: Dict[str, Any] = {"flowId": flow_id}
        if values is not None:
            params["values"] = dict(values)
        if fields is not None:
            params["fields"] = list(fields)
        return FlowValidation.from_json(self.request("flow/validate", params))

    def export(self, flow_id: str) -> Dict[str, Any]:
        """``flow/export``: a self-contained JSON snapshot to keep and later hand to
        :meth:`import_snapshot` (in this or another session)."""
        result: Dict[str, Any] = self.request("flow/export", {"flowId": flow_id})
        return result

    def import_snapshot(self, snapshot: Mapping[str, Any]) -> FlowSnapshot:
        """``flow/import``: a new live flow (with a new id) from an exported snapshot. A
        snapshot of an older version of the flow is upgraded: the answer's
        ``upgrade_dropped`` lists what did not come across."""
        return self._flow("flow/import", {"snapshot": dict(snapshot)})

    def replay(self, line: Union[str, Mapping[str, Any]]) -> FlowSnapshot:
        """Replays a line of ``petflowd check-flows --paths`` (its text, or the object it
        holds): ``initialize`` with the line's ``today`` (the client's language and offsets
        kept; later calls judge dates against that day too), ``flow/start`` of its ``flow``
        (a ``--flows`` file's flow needs the daemon started with ``args=["--flows", DIR]``),
        then one ``flow/next`` per entry of its ``answers`` with that step's ``values``.
        Answers the last snapshot: "submitted" with the line's ``payload`` when the flow is
        the one the line was made from; else the first one that has ``errors``, where it
        stopped."""
        fixture = json.loads(line) if isinstance(line, str) else line
        params: Dict[str, Any] = {"positionEncoding": "utf-32", "today": fixture["today"],
                                  "locale": self.server_info.locale}
        self.server_info = ServerInfo.from_json(self.request("initialize", params))
        snapshot = self.start(fixture["flow"])
        for answer in fixture["answers"]:
            snapshot = self.next(snapshot.flow_id, answer["values"])
            if snapshot.errors or not snapshot.active:
                break
        return snapshot

    def _flow(self, method: str, params: Dict[str, Any],
              rev: Optional[int] = None) -> FlowSnapshot:
        if rev is not None:
            params["rev"] = rev
        return FlowSnapshot.from_json(self.request(method, params))
