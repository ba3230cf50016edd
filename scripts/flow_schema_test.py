"""Keeps flows/schema/flow.schema.json and `petflowd check-flows` in step.

Run by scripts/test.d/flow-schema.sh, with jsonschema from PyPI in a venv of its own. The
checker reads a file in three passes (form, references, paths); the schema can say only what
the first pass checks, and of that, not the limits nor a member given twice. So for every
file: the schema refuses it exactly when the checker reports a problem of one of SCHEMA_RULES
(or the file is not JSON). The files: the rule cases in Tests/FlowFileCases, the flows in
flows/, and seeded mutations of every sound one (members removed, added, retyped, emptied).
The field kinds the schema lists are those the checker names when it refuses one.
"""

from __future__ import annotations

import copy
import json
import os
import random
import re
import subprocess
import tempfile
import unittest
from pathlib import Path
from typing import Any, Dict, List

from jsonschema import Draft202012Validator

ROOT = Path(__file__).resolve().parents[1]
SCHEMA = json.loads((ROOT / "flows" / "schema" / "flow.schema.json").read_text())
CASES = ROOT / "Tests" / "FlowFileCases"
BINARY = os.environ.get("PETFLOWD") or str(ROOT / ".build" / "release" / "petflowd")

#: The checker's rules the schema states too (protocol.md, "Flow files", marks them).
SCHEMA_RULES = {
    "type", "missing-key", "unknown-key", "format-version", "range", "empty-list", "id-syntax",
    "language-tag", "empty-text", "unknown-kind", "unknown-option",
    "summary-content", "condition-shape", "rule-shape", "payload-path",
}
MUTATIONS_PER_FILE = 150


def sound_files() -> List[Path]:
    flows = sorted(path for path in (ROOT / "flows").glob("**/*.json") if "schema" not in path.parts)
    return flows + [CASES / "sound.json"]


def check(paths: List[Path]) -> Dict[str, List[str]]:
    """The rules check-flows reports for each file."""
    run = subprocess.run([BINARY, "check-flows", *map(str, paths)], capture_output=True,
                         text=True, check=False)
    assert run.returncode in (0, 1), run.stderr
    rules: Dict[str, List[str]] = {str(path): [] for path in paths}
    for line in run.stdout.splitlines():
        for path in rules:
            if line.startswith(path + ":"):
                # `FILE:POINTER: rule: message`, or `FILE:POINTER: warning: rule: message`.
                words = line[len(path) + 1:].split(": ")
                rules[path].append(words[2] if words[1] == "warning" else words[1])
                break
    return rules


def schema_accepts(path: Path) -> bool:
    try:
        document = json.loads(path.read_text())
    except ValueError:
        return False
    return Draft202012Validator(SCHEMA).is_valid(document)


def mutate(document: Any, generator: random.Random) -> Any:
    """One change at a random place: a member removed or added, a value of another type, a text
    emptied."""
    document = copy.deepcopy(document)
    places: List[Any] = []

    def walk(value: Any) -> None:
        if isinstance(value, (dict, list)):
            places.append(value)
            for child in (value.values() if isinstance(value, dict) else value):
                walk(child)

    walk(document)
    container = generator.choice(places)
    keys = list(container.keys()) if isinstance(container, dict) else list(range(len(container)))
    # 2^53 - 1 and 2^53: the largest integer a flow file may hold, and the first past it.
    replacements = [None, True, False, 0, 1, 1.5, -1, 2**53 - 1, 2**53, "", " ", "x", "yes",
                    [], {}, ["x"], {"en": "x"}, {"en": "x", "pl": "y"},
                    {"field": "x", "equals": "yes"}]
    choice = generator.randrange(4)
    if choice == 0 and keys:
        del container[generator.choice(keys)]
    elif choice == 1 and isinstance(container, dict):
        container[generator.choice(["zz", "kind", "next", "options", "maxLength", "when",
                                    "fields", "$comment", "de"])] = generator.choice(replacements)
    elif keys:
        container[generator.choice(keys)] = generator.choice(replacements)
    return document


class SchemaAndCheckerAgree(unittest.TestCase):
    def assert_agree(self, paths: List[Path]) -> None:
        for path, rules in check(paths).items():
            refused = any(rule in SCHEMA_RULES or rule == "json" for rule in rules)
            with self.subTest(file=path, rules=rules):
                self.assertEqual(schema_accepts(Path(path)), not refused)

    def test_sound_flows_are_valid_for_both(self) -> None:
        self.assert_agree(sound_files())
        for path in sound_files():
            self.assertTrue(schema_accepts(path), path)

    def test_rule_cases_agree(self) -> None:
        self.assert_agree(sorted(CASES.glob("*.json")))

    def test_field_kinds_are_the_checkers(self) -> None:
        # The schema restates the kinds a field takes; the checker names them when refusing one.
        case = CASES / "unknown-kind.json"
        run = subprocess.run([BINARY, "check-flows", str(case)], capture_output=True, text=True,
                             check=False)
        named = re.search(r"is not one of (.+)$", run.stdout.strip())
        self.assertIsNotNone(named, f"no list of kinds in: {run.stdout}")
        kinds = re.findall(r"'([^']+)'", named.group(1))  # type: ignore[union-attr]
        self.assertEqual(SCHEMA["$defs"]["field"]["properties"]["kind"]["enum"], kinds)

    def test_every_schema_rule_has_a_case(self) -> None:
        cases = {path.stem for path in CASES.glob("*.json")}
        self.assertEqual(SCHEMA_RULES - cases, set())

    def test_integers_agree_up_to_2_to_the_53_minus_1(self) -> None:
        # Each integer a flow file holds (the version, a maxLength, an upgrade's from), at the
        # largest the checker takes and one past it.
        source = json.loads((ROOT / "flows" / "examples" / "version2" / "reportSighting.json")
                            .read_text())
        places = [
            lambda document, n: document.__setitem__("version", n),
            lambda document, n: document["upgrade"][0].__setitem__("from", n),
            lambda document, n: document["steps"][0]["fields"].append(
                {"id": "note", "kind": "text", "label": {"en": "Note", "pl": "Notatka"},
                 "maxLength": n}),
        ]
        with tempfile.TemporaryDirectory() as folder:
            paths = []
            for index, place in enumerate(places):
                for number in (2**53 - 1, 2**53):
                    document = copy.deepcopy(source)
                    place(document, number)
                    path = Path(folder) / f"integer-{index}-{number}.json"
                    path.write_text(json.dumps(document, ensure_ascii=False))
                    paths.append(path)
            self.assert_agree(paths)
            refused = [path for path in paths if not schema_accepts(path)]
            self.assertEqual([path.name for path in refused],
                             [f"integer-{index}-{2**53}.json" for index in range(len(places))])

    def test_mutated_flows_agree(self) -> None:
        generator = random.Random(21)
        with tempfile.TemporaryDirectory() as folder:
            paths = []
            for source in sound_files():
                document = json.loads(source.read_text())
                for index in range(MUTATIONS_PER_FILE):
                    path = Path(folder) / f"{source.stem}-{index}.json"
                    path.write_text(json.dumps(mutate(document, generator), ensure_ascii=False))
                    paths.append(path)
            self.assert_agree(paths)


if __name__ == "__main__":
    unittest.main()
