"""Keeps ARCHITECTURE.md's names true: every file and every Swift name the page gives exists.

Run by scripts/test.d/architecture.sh (plain Python, no packages). The page is the map a new
engineer follows, so a name it gives that the code no longer has sends them looking for nothing:
- a file (a word ending in .swift, .md, .json, .py, .sh, .js, .ts, .txt, or the man page
  petflowd.1) is a path in the repository, or, without a folder, the name of a file in it
  (a path with a `<Placeholder>` in it is a pattern, not a name);
- a `Type.member` in backticks is a member declared inside `Type`'s declaration or one of its
  extensions, anywhere in Sources/, Tests/ or fuzz/ (`init`, `allCases` and `rawValue` are
  the compiler's for a type that can have them; a nested type is a member too);
- a lone `UpperCamelName` in backticks is a type or a function declared there, a target of
  Package.swift, or a type of the TypeScript client (clients/node/index.d.ts).
The per-kind table (section "Where each kind lives") names a declaration file for every kind in
`FieldKind`, so a kind added without its row is a failure here too.
"""

from __future__ import annotations

import re
import subprocess
import unittest
from pathlib import Path
from typing import Dict, List, Set, Tuple

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "ARCHITECTURE.md"

FILE_NAME = re.compile(
    r"(?<![\w/.<>-])((?:[\w.<>+-]+/)*[\w<>+-][\w.<>+-]*\.(?:swift|md|json|py|sh|js|ts|txt|1))\b"
)
CODE_SPAN = re.compile(r"`([^`\n]+)`")
TYPE_MEMBER = re.compile(
    r"^(?:[\w ]+#\d+ in )?((?:[A-Z]\w*\.)*[A-Z]\w*)\.(\w+)(?:\(.*\))?$"
)
LONE_TYPE = re.compile(r"^([A-Z]\w*[a-z]\w*)(?:\(.*\))?$")
DECLARATION = re.compile(
    r"\b(?:struct|enum|class|protocol|actor|extension|typealias)\s+([A-Z]\w*(?:\.[A-Z]\w*)*)"
)
MEMBER = re.compile(
    r"\b(?:func|var|let|struct|enum|class|typealias|protocol)\s+`?(\w+)`?|\b(init|subscript)\b"
)
# An enum's cases: `case a, b(Int), c = "c"` declares a, b and c.
CASES = re.compile(r"^\s*(?:indirect\s+)?case\s+(.+)$", re.M)
# Members the compiler writes: a type that may have them has them.
SYNTHESIZED = {"init", "allCases", "rawValue"}


def repository_files() -> List[str]:
    listed = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT, capture_output=True, text=True, check=True,
    ).stdout.split("\n")
    return [path for path in listed if path and (ROOT / path).exists()]


def swift_sources() -> List[Path]:
    return [
        ROOT / path for path in repository_files()
        if path.endswith(".swift") and path.split("/")[0] in ("Sources", "Tests", "fuzz")
    ]


def strip_comments_and_strings(text: str) -> str:
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    text = re.sub(r"#+\"\"\".*?\"\"\"#+|\"\"\".*?\"\"\"", '""', text, flags=re.S)
    lines = []
    for line in text.split("\n"):
        line = re.sub(r'#"[^\n]*?"#|"(?:\\.|[^"\\\n])*"', '""', line)
        lines.append(re.sub(r"//.*", "", line))
    return "\n".join(lines)


def declared_members() -> Tuple[Dict[str, Set[str]], Set[str]]:
    """Each type's members (by its last name, `Parts` for `JSONNumber.Parts`), declared
    directly inside its braces or an extension's, and every top-level or nested name."""
    members: Dict[str, Set[str]] = {}
    names: Set[str] = set()
    for source in swift_sources():
        text = strip_comments_and_strings(source.read_text())
        # A stack of (type name or None, brace depth at which its body opened).
        stack: List[Tuple[str | None, int]] = []
        depth = 0
        pending: str | None = None
        for token in re.finditer(r"[{}]|[^{}]+", text):
            chunk = token.group(0)
            if chunk == "{":
                depth += 1
                stack.append((pending, depth))
                pending = None
                continue
            if chunk == "}":
                if stack and stack[-1][1] == depth:
                    stack.pop()
                depth -= 1
                continue
            # Members declared here belong to the innermost type whose body this is directly.
            owner = stack[-1][0] if stack else None
            found = [match.group(1) or match.group(2) for match in MEMBER.finditer(chunk)]
            for cases in CASES.finditer(chunk):
                found += re.findall(r"(?:^|,)\s*`?(\w+)", re.sub(r"\([^)]*\)", "", cases.group(1)))
            for member in found:
                names.add(member)
                if owner:
                    members.setdefault(owner, set()).add(member)
            declarations = list(DECLARATION.finditer(chunk))
            for declaration in declarations:
                names.add(declaration.group(1).split(".")[-1])
            # The last declaration before a brace opens the body that follows.
            pending = declarations[-1].group(1).split(".")[-1] if declarations else None
    # The targets (Package.swift's names) and the TypeScript client's types are names too.
    names.update(re.findall(r'name: "(\w+)"', (ROOT / "Package.swift").read_text()))
    for path in repository_files():
        if path.endswith(".d.ts"):
            names.update(re.findall(r"\b(?:type|interface|class)\s+(\w+)", (ROOT / path).read_text()))
    return members, names


def page_text() -> str:
    # Fenced blocks hold trees and sketches; names are checked in the prose and the lists.
    return re.sub(r"```.*?```", "", PAGE.read_text(), flags=re.S)


class ArchitectureNamesTests(unittest.TestCase):
    def test_every_file_the_page_names_exists(self) -> None:
        files = repository_files()
        basenames = {path.rsplit("/", 1)[-1] for path in files}
        missing = []
        for match in FILE_NAME.finditer(page_text()):
            name = match.group(1)
            if "<" in name or name.startswith("http"):
                continue
            if "/" in name:
                found = any(path == name or path.endswith("/" + name) for path in files)
            else:
                found = name in basenames
            if not found:
                missing.append(name)
        self.assertEqual(sorted(set(missing)), [], "files ARCHITECTURE.md names that do not exist")

    def test_every_type_member_the_page_names_is_declared(self) -> None:
        members, names = declared_members()
        missing = []
        for span in CODE_SPAN.findall(page_text()):
            match = TYPE_MEMBER.match(span.strip())
            if not match or FILE_NAME.fullmatch(span.strip()):
                continue
            path, member = match.groups()
            # A nested type is known by its own name: `PetFlowServer.Method.named` is Method's.
            owner = path.split(".")[-1]
            if member in members.get(owner, set()):
                continue
            if member in SYNTHESIZED and owner in names:
                continue
            missing.append(f"{path}.{member}")
        self.assertEqual(sorted(set(missing)), [], "Type.member names not declared in the code")

    def test_every_type_the_page_names_is_declared(self) -> None:
        _, names = declared_members()
        missing = [
            match.group(1)
            for span in CODE_SPAN.findall(page_text())
            if (match := LONE_TYPE.match(span.strip())) and match.group(1) not in names
        ]
        self.assertEqual(sorted(set(missing)), [], "type names not declared in the code")

    def test_the_kind_table_has_a_row_for_every_kind(self) -> None:
        source = strip_comments_and_strings(
            (ROOT / "Sources/PetFlowCore/Fields/Kinds/FieldKindCases.swift").read_text())
        body = re.search(r"enum FieldKind\b[^{]*\{(.*?)\n  (?:var|public|func)", source, re.S)
        self.assertIsNotNone(body, "FieldKind's cases not found")
        kinds = re.findall(r"\bcase\s+(\w+)", body.group(1) if body else "")
        self.assertGreater(len(kinds), 5)
        section = PAGE.read_text().split("## Where each kind lives\n", 1)
        self.assertEqual(len(section), 2, "ARCHITECTURE.md has no 'Where each kind lives' table")
        rows = [line for line in section[1].split("\n") if line.startswith("| `")]
        listed = set()
        for row in rows:
            first = row.split("|")[1]
            listed.update(re.findall(r"`(\w+)`", first))
        self.assertEqual(sorted(set(kinds) - listed), [], "kinds without a row in the table")


if __name__ == "__main__":
    unittest.main()
