#!/usr/bin/env bash
# ARCHITECTURE.md's names: every file and every `Type.member` the page gives exists in the
# repository, and its table of kinds has a row for each kind (scripts/architecture_names_test.py;
# plain Python, a second or two).
set -euo pipefail
cd "$(dirname "$0")/../.."
python3 -m unittest -v scripts/architecture_names_test.py
