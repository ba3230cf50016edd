"""Checks scripts/api-baseline's normalisation: what it keeps of a digester dump is the public API
and nothing of the machine or the build mode.

Run by scripts/test.d/api.sh (plain Python, no build: the dumps here are written by hand in the
digester's shape).
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import unittest
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
_loader = importlib.machinery.SourceFileLoader("api_baseline", str(ROOT / "scripts" / "api-baseline"))
_spec = importlib.util.spec_from_loader("api_baseline", _loader)
api_baseline = importlib.util.module_from_spec(_spec)
_loader.exec_module(api_baseline)


def decl(name, kind="Struct", module="PetFlowCore", children=(), **extra):
    node = {"kind": "TypeDecl", "name": name, "printedName": name, "declKind": kind,
            "moduleName": module, "children": list(children)}
    node.update(extra)
    return node


class PublicOnlyTests(unittest.TestCase):
    def test_package_declarations_are_dropped_at_every_depth(self):
        inner = decl("Slot", isInternal=True)
        root = {"children": [decl("FlowInstance", isInternal=True), decl("FieldKind", children=[inner])]}
        kept = api_baseline.public_only(root)
        self.assertEqual([c["name"] for c in kept["children"]], ["FieldKind"])
        self.assertEqual(kept["children"][0]["children"], [])

    def test_spi_declarations_are_dropped_at_every_depth(self):
        steps = decl("steps", kind="Var", spi_group_names=["Engine"])
        root = {"children": [decl("FlowInstance", spi_group_names=["Engine"]),
                             decl("FlowDefinition", kind="Class", children=[steps])]}
        kept = api_baseline.public_only(root)
        self.assertEqual([c["name"] for c in kept["children"]], ["FlowDefinition"])
        self.assertEqual(kept["children"][0]["children"], [])

    def test_imports_are_dropped_since_they_differ_between_debug_and_release(self):
        root = {"children": [{"kind": "Import", "name": "SwiftOnoneSupport"}, decl("Language")]}
        self.assertEqual([c["name"] for c in api_baseline.public_only(root)["children"]], ["Language"])

    def test_another_modules_type_extended_with_nothing_public_is_dropped(self):
        parts = decl("Parts", module="JSONRPC", isExternal=True, children=[decl("init", isInternal=True)])
        root = {"children": [parts, decl("Language")]}
        self.assertEqual([c["name"] for c in api_baseline.public_only(root)["children"]], ["Language"])

    def test_a_path_of_this_checkout_becomes_dot(self):
        root = {"children": [decl("Language", file=f"{api_baseline.ROOT}/Sources/Language.swift")]}
        self.assertEqual(api_baseline.public_only(root)["children"][0]["file"], "./Sources/Language.swift")


class DeclarationsTests(unittest.TestCase):
    def test_each_declaration_is_named_with_its_module_and_outer_types(self):
        field = {"kind": "Var", "name": "code", "printedName": "code", "declKind": "Var",
                 "moduleName": "PetFlowCore"}
        root = {"children": [decl("Language", children=[field])]}
        self.assertEqual(
            api_baseline.declarations(root),
            ["PetFlowCore: Language [Struct]", "PetFlowCore: Language.code [Var]"])


if __name__ == "__main__":
    unittest.main()
