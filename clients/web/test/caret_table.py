"""The rows of protocol.md's caret tables ("The caret model"), read from the document itself,
so the browser suite checks every rule the contract states, including rules added later.
The kind a table's rows speak of is the `field` of the executed example that follows it.

A row reads `| # | the user | before | after |`: the user "types `X`", "pastes `X`",
"presses backspace" or "presses forward delete"; before and after are code spans where
`|` is the caret and `[...]` a selection; an after cell starting "unchanged" means the edit
is refused, and `rejected: true`, `dropped: true`, `truncated: true` in it name the flags the
answer carries.
"""

import re
from dataclasses import dataclass
from pathlib import Path

PROTOCOL = Path(__file__).resolve().parents[3] / "protocol.md"


@dataclass
class Rule:
    field: str  # the field kind the row's table speaks of
    number: str
    action: str  # "type", "paste", "backspace" or "delete"
    text: str  # what is typed or pasted
    before: tuple  # (text, selection start, selection end)
    after: tuple
    flags: frozenset  # the answer flags the row names: rejected, dropped, truncated


def drawn(span):
    """('12345-67890', 5, 5) from '12345|-67890'; a selection from '123[45-67]890'."""
    if "[" in span:
        start = span.index("[")
        end = span.index("]") - 1
        return span.replace("[", "").replace("]", ""), start, end
    caret = span.index("|")
    return span.replace("|", ""), caret, caret


def _code_spans(cell):
    return [span.replace("\\|", "|") for span in re.findall(r"`((?:[^`\\]|\\.)*)`", cell)]


def _cells(row):
    return [cell.strip() for cell in re.split(r"(?<!\\)\|", row)[1:-1]]


def rules(text=None):
    text = text if text is not None else PROTOCOL.read_text(encoding="utf-8")
    section = text.split("### The caret model", 1)[1].split("\n### ", 1)[0]
    found = []
    table = []  # the rows read since the last example
    for row in section.splitlines():
        kind = re.search(r'"field":"([A-Za-z]+)"', row) if row.startswith("-->") else None
        if kind and table:
            found += [Rule(kind.group(1), *rule) for rule in table]
            table = []
        cells = _cells(row) if row.startswith("|") else []
        if len(cells) != 4 or not cells[0].isdigit():
            continue
        number, user, before, after = cells
        spans = _code_spans(user)
        if user.startswith("types "):
            action = "type"
        elif user.startswith("pastes "):
            action = "paste"
        elif user == "presses backspace":
            action = "backspace"
        elif user == "presses forward delete":
            action = "delete"
        else:
            raise ValueError(f"caret table row {number}: the browser suite cannot act out '{user}'")
        # The raw text between the backticks, spaces kept (` 9a8-7 ` is pasted with them).
        raw_user = re.findall(r"`([^`]*)`", user)
        before_state = drawn(_code_spans(before)[0])
        flags = frozenset(re.findall(r"`(rejected|dropped|truncated): true`", after))
        if after.startswith("unchanged"):
            after_state, flags = before_state, flags | {"rejected"}
        else:
            after_state = drawn(_code_spans(after)[0])
        table.append((number, action, raw_user[0] if raw_user else "", before_state, after_state, flags))
    if table:
        raise ValueError(f"caret table rows {table[0][0]} to {table[-1][0]} have no example after them naming their field")
    if not found:
        raise ValueError("protocol.md has no caret table under '### The caret model'")
    return found
