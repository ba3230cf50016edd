"""One JSON-RPC message as an NDJSON line, refused before it is sent when petflowd could
never accept it."""

from __future__ import annotations

import json
import math
from typing import Any, Dict, Optional, Tuple

from .errors import UnsendableInput


def encode_line(message: Dict[str, Any]) -> bytes:
    """``message`` as one UTF-8 line ending in a newline.

    Raises :class:`UnsendableInput` for a lone surrogate in any string (no UTF-8 form, and
    petflowd rejects its ``\\u`` escape) or a NaN or infinite float (no JSON number).
    Both checks cost nothing on the way that works: ``json`` refuses the floats and the
    UTF-8 encoder the surrogates; only then is the message walked to name the place.
    """
    try:
        text = json.dumps(message, ensure_ascii=False, allow_nan=False, separators=(",", ":"))
        return (text + "\n").encode("utf-8")
    except (ValueError, UnicodeEncodeError):
        pass  # UnicodeEncodeError is a ValueError too; both mean "cannot be sent"
    params = message.get("params")
    path, reason = _first_unsendable(params, "") or ("params", "not representable as JSON")
    raise UnsendableInput(str(message.get("method")), path or "params", reason)


def _first_unsendable(value: Any, path: str) -> Optional[Tuple[str, str]]:
    """Where the first value petflowd can never accept sits under ``value``, and what it is."""
    if isinstance(value, float) and not math.isfinite(value):
        return path, f"{value!r} is not a JSON number"
    if isinstance(value, str):
        return _lone_surrogate(value, path)
    if isinstance(value, dict):
        for key, item in value.items():
            name = str(key).encode("utf-8", "backslashreplace").decode("utf-8")
            inner = f"{path}.{name}" if path else name
            found = (_lone_surrogate(key, inner) if isinstance(key, str) else None) \
                or _first_unsendable(item, inner)
            if found:
                return found
    if isinstance(value, (list, tuple)):
        for index, item in enumerate(value):
            found = _first_unsendable(item, f"{path}[{index}]")
            if found:
                return found
    return None


def _lone_surrogate(text: str, path: str) -> Optional[Tuple[str, str]]:
    for index, char in enumerate(text):
        if "\ud800" <= char <= "\udfff":
            return path, (f"a lone surrogate U+{ord(char):04X} at str index {index} "
                          "(not Unicode text; half of an emoji cut in two?)")
    return None
