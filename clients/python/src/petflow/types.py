"""The answers of petflowd as small frozen dataclasses, each built from its JSON object.

Offsets (``caret``, ``selection``) are Python ``str`` indices: the client negotiates
``utf-32``, so one offset unit is one code point, exactly as Python counts ``len(text)``
(``"👍🏽"``, an emoji and its skin tone, is 2).
Every dataclass that mirrors a whole JSON object keeps it in ``raw``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Dict, List, NamedTuple, Optional

JSON = Dict[str, Any]


class Selection(NamedTuple):
    """A selection as Python ``str`` indices; ``start == end`` is a plain caret."""

    start: int
    end: int


@dataclass(frozen=True)
class FieldError:
    """Why a value is invalid: a stable ``code`` (``date.invalid``), a ``message`` in the
    session's locale, and the ``params`` the message was filled from (may be empty)."""

    code: str
    message: str
    params: Dict[str, Any] = field(default_factory=dict)

    @classmethod
    def from_json(cls, obj: Optional[JSON]) -> Optional[FieldError]:
        return None if obj is None else _error(obj)


def _error(obj: JSON) -> FieldError:
    return FieldError(obj["code"], obj["message"], dict(obj.get("params") or {}))


def _errors(obj: Optional[JSON]) -> Dict[str, FieldError]:
    return {name: _error(e) for name, e in (obj or {}).items()}


@dataclass(frozen=True)
class FieldResult:
    """What the control should show after ``format`` or ``edit``.

    ``text`` is the formatted text, ``caret`` where the caret goes (the selection's end)
    and ``selection`` the whole selection, both as ``str`` indices into ``text``.
    ``value`` is the canonical value a flow would store (or None), ``error`` the
    validation error, if any. Each flag means one thing: ``rejected``, the edit was
    refused (text and selection exactly as before); ``truncated``, input was cut for
    length (the 16th chip digit); ``dropped``, a character the field never takes was left
    out (the ``a`` of a pasted ``9a8``; the kind's own separators do not count).
    """

    text: str
    caret: int
    selection: Selection
    value: Any
    error: Optional[FieldError]
    rejected: bool = False
    truncated: bool = False
    dropped: bool = False
    raw: JSON = field(default_factory=dict, repr=False, compare=False)

    @classmethod
    def from_json(cls, obj: JSON) -> FieldResult:
        sel = obj["selection"]
        return cls(obj["text"], obj["caret"], Selection(sel["start"], sel["end"]),
                   obj.get("value"), FieldError.from_json(obj.get("error")),
                   bool(obj.get("rejected", False)), bool(obj.get("truncated", False)),
                   bool(obj.get("dropped", False)), obj)

    def drawn(self, caret: str = "|") -> str:
        """The text with the caret drawn in it (``12345-|6``), or the selection as
        ``[selected]``: handy in logs and examples."""
        start, end = self.selection
        if start == end:
            return self.text[:start] + caret + self.text[start:]
        return self.text[:start] + "[" + self.text[start:end] + "]" + self.text[end:]


@dataclass(frozen=True)
class Validation:
    """``field/validate``: ``valid``, the ``error`` when it is not, and the ``value`` the
    field would store (None when it would store none)."""

    valid: bool
    error: Optional[FieldError]
    value: Any = None

    @classmethod
    def from_json(cls, obj: JSON) -> Validation:
        return cls(bool(obj["valid"]), FieldError.from_json(obj.get("error")), obj.get("value"))


@dataclass(frozen=True)
class FlowValidation:
    """``flow/validate``: ``valid``, and the ``errors`` by field id."""

    valid: bool
    errors: Dict[str, FieldError]

    @classmethod
    def from_json(cls, obj: JSON) -> FlowValidation:
        return cls(bool(obj["valid"]), _errors(obj.get("errors")))


@dataclass(frozen=True)
class Choice:
    """One choice of a species, gender or choice field."""

    id: str
    label: str


def _choices(items: Optional[List[JSON]]) -> Optional[List[Choice]]:
    return None if items is None else [Choice(c["id"], c["label"]) for c in items]


@dataclass(frozen=True)
class FieldInfo:
    """A field kind from ``field/list``: what a UI needs to render a control for it."""

    kind: str
    label: str
    placeholder: str
    keyboard: str
    max_length: Optional[int]
    options: Optional[List[Choice]]
    text_editable: bool
    raw: JSON = field(default_factory=dict, repr=False, compare=False)
    #: What to type, to show under the label ("" when the label says it all).
    hint: str = ""
    #: HTML's ``inputmode`` for the kind's keyboard (``numeric``, ``tel``, ``decimal``, …).
    input_mode: str = "text"
    #: ``mask`` (separators among significant characters), ``freeText`` or ``none``.
    editing: str = "freeText"

    @classmethod
    def from_json(cls, obj: JSON) -> FieldInfo:
        return cls(obj["kind"], obj["label"], obj["placeholder"], obj["keyboard"],
                   obj.get("maxLength"), _choices(obj.get("options")),
                   bool(obj.get("textEditable", True)), obj, obj.get("hint", ""),
                   obj.get("inputMode", "text"), obj.get("editing", "freeText"))


@dataclass(frozen=True)
class StepField:
    """A field on a flow step: its ``id`` in ``values``, its ``kind`` for ``format``."""

    id: str
    kind: str
    label: str
    required: bool
    placeholder: str
    keyboard: str
    max_length: Optional[int]
    options: Optional[List[Choice]]
    #: What to type, to show under the label.
    hint: str = ""
    #: Only for a field required under a condition (``required`` is it judged now): the
    #: condition as its flow file writes it, for a UI that judges it again as answers change.
    required_when: Optional[JSON] = None

    @classmethod
    def from_json(cls, obj: JSON) -> StepField:
        return cls(obj["id"], obj["kind"], obj["label"], bool(obj["required"]),
                   obj["placeholder"], obj["keyboard"], obj.get("maxLength"),
                   _choices(obj.get("options")), obj.get("hint", ""), obj.get("requiredWhen"))


@dataclass(frozen=True)
class Progress:
    """Where a step stands among the form steps: ``current`` of ``total``, ``label``
    ("2/3")."""

    current: int
    total: int
    label: str


@dataclass(frozen=True)
class Step:
    """One step of a flow: ``kind`` is "form" or "summary"; ``progress`` is None for a
    step outside the count (the summary)."""

    id: str
    index: int
    kind: str
    title: str
    progress: Optional[Progress]
    fields: List[StepField]

    @classmethod
    def from_json(cls, obj: Optional[JSON]) -> Optional[Step]:
        if obj is None:
            return None
        progress = obj.get("progress")
        return cls(obj["id"], obj["index"], obj["kind"], obj["title"],
                   None if progress is None else Progress(**progress),
                   [StepField.from_json(f) for f in obj.get("fields", [])])


@dataclass(frozen=True)
class FlowInfo:
    """A flow definition from ``flow/list``; ``title`` is in the session's language."""

    id: str
    version: int
    steps: List[Step]
    title: str = ""
    raw: JSON = field(default_factory=dict, repr=False, compare=False)

    @classmethod
    def from_json(cls, obj: JSON) -> FlowInfo:
        steps = [Step.from_json(s) for s in obj["steps"]]
        return cls(obj["id"], obj["version"], [s for s in steps if s is not None],
                   obj.get("title", ""), obj)


@dataclass(frozen=True)
class Dropped:
    """A value an upgrade did not bring across (``flow/import`` of an older version): the
    old field id and why."""

    field: str
    reason: str


@dataclass(frozen=True)
class FlowSnapshot:
    """A live flow as the UI renders it.

    ``status`` is "active", "submitted" or "cancelled"; ``rev`` grows with every change.
    ``step`` is the current step (None once the flow has ended), ``values`` the
    canonical stored values by field id, ``display`` the same as the controls show them,
    ``errors`` the errors to show on the current step, ``can_back`` whether Back is
    offered. ``dormant`` holds the values of steps the path no longer goes through, kept
    for when it does again. ``payload`` is set only on the ``next`` that submitted the
    flow: what the submission service receives. ``upgrade_dropped`` is set only on the
    import of an older version: what did not come across.
    """

    flow_id: str
    flow: str
    version: int
    status: str
    rev: int
    step: Optional[Step]
    values: Dict[str, Any]
    display: Dict[str, str]
    errors: Dict[str, FieldError]
    can_back: bool
    payload: Optional[Dict[str, Any]] = None
    raw: JSON = field(default_factory=dict, repr=False, compare=False)
    dormant: Dict[str, Any] = field(default_factory=dict)
    upgrade_dropped: Optional[List[Dropped]] = None

    @classmethod
    def from_json(cls, obj: JSON) -> FlowSnapshot:
        dropped = obj.get("upgradeDropped")
        return cls(obj["flowId"], obj["flow"], obj["version"], obj["status"], obj["rev"],
                   Step.from_json(obj.get("step")), dict(obj.get("values") or {}),
                   dict(obj.get("display") or {}), _errors(obj.get("errors")),
                   bool(obj.get("canBack", False)), obj.get("payload"), obj,
                   dict(obj.get("dormant") or {}),
                   None if dropped is None else [Dropped(d["field"], d["reason"]) for d in dropped])

    @property
    def active(self) -> bool:
        return self.status == "active"


@dataclass(frozen=True)
class ServerInfo:
    """What ``initialize`` answered: the server's name and version and the settings."""

    name: str
    version: str
    position_encoding: str
    locale: str
    today: Optional[str]
    methods: List[str]
    raw: JSON = field(default_factory=dict, repr=False, compare=False)

    @classmethod
    def from_json(cls, obj: JSON) -> ServerInfo:
        server = obj.get("serverInfo") or {}
        return cls(server.get("name", ""), server.get("version", ""),
                   obj["positionEncoding"], obj["locale"], obj.get("today"),
                   list(obj.get("methods") or []), obj)
