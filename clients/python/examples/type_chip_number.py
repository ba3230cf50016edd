"""Replays typing a microchip number keystroke by keystroke, printing each state of the
control with the caret drawn as |. Run from a checkout: python3 type_chip_number.py
(uses PETFLOWD, petflowd on PATH, or the repository's .build/release/petflowd)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Optional

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))  # run from a checkout

import petflow  # noqa: E402


def main() -> None:
    with petflow.Client() as client:
        state = client.format("chipNumber", "")

        def press(label: str, edit: petflow.Edit, caret: Optional[int] = None) -> None:
            nonlocal state
            selection = state.selection if caret is None else caret
            state = client.edit("chipNumber", state.text, selection, edit)
            print(f"{label:<24} {state.drawn()}")

        print(f"{'(empty)':<24} {state.drawn()}")
        for digit in "1234567890":
            press(f"type {digit}", petflow.insert(digit))
        # Backspace just after the hyphen: the hyphen is not deleted, the digit before it is.
        press("backspace at 12345-|", petflow.delete_backward(), caret=6)
        press("type 5", petflow.insert("5"))
        # A paste with junk: only the digits are kept, and the caret lands after them.
        press("paste ' 9a8-7 ' at 6", petflow.insert(" 9a8-7 "), caret=6)
        press("type ٤ (Arabic four)", petflow.insert("٤"))
        print(f"{'value':<24} {state.value}")


if __name__ == "__main__":
    main()
