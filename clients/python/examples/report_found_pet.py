"""Walks a "report a found pet" flow step by step to its payload and prints it.
Run from a checkout: python3 report_found_pet.py (uses PETFLOWD, petflowd on PATH, or the
repository's .build/release/petflowd)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, Dict

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))  # run from a checkout

import petflow  # noqa: E402

# What the user enters on each step, as the controls hold it.
ANSWERS: Dict[str, Dict[str, Any]] = {
    "photo": {"photo": {"uri": "file:///photos/found-dog.jpg", "mimeType": "image/jpeg"}},
    "petDetails": {
        "disappearanceDate": "2025-05-30",
        "animalSpecies": "dog",
        "animalGender": "female",
        "animalLatitude": "52.2297",
        "animalLongitude": "21.0122",
        "chipNumber": "98765-43210-98765",
        "animalAge": "4",
        "animalRace": "Border collie",
    },
    "contactDetails": {"phone": "+48 600 700 800", "email": "finder@example.com"},
}


def show(snapshot: petflow.FlowSnapshot) -> None:
    step = snapshot.step
    if step is None:
        print(f"[{snapshot.status}]")
    else:
        print(f"[{snapshot.status}] {step.progress.label if step.progress else ''} {step.title}")
    for field_id, error in snapshot.errors.items():
        print(f"    {field_id}: {error.message} ({error.code})")


def main() -> None:
    # A fixed today keeps the date rules (no dates in the future) giving the same answers.
    with petflow.Client(today="2025-06-01") as client:
        snapshot = client.start("reportFoundPet")
        show(snapshot)
        # Continue without a photo first: the step stays, with an error to show.
        snapshot = client.next(snapshot.flow_id)
        show(snapshot)
        for _ in ANSWERS:
            if snapshot.step is None or not snapshot.active:
                break
            snapshot = client.next(snapshot.flow_id, ANSWERS[snapshot.step.id])
            show(snapshot)
        if snapshot.payload is None:
            sys.exit("the flow was not submitted")
        print("payload:")
        print(json.dumps(snapshot.payload, indent=2, ensure_ascii=False))


if __name__ == "__main__":
    main()
