#!/usr/bin/env bash
# The flow file schema (flows/schema/flow.schema.json) against `petflowd check-flows`: both
# accept and refuse the same files (scripts/flow_schema_test.py). jsonschema comes from PyPI
# into a venv of its own under .build-venv/ (git-ignored).
set -euo pipefail
cd "$(dirname "$0")/../.."
export PETFLOWD="$PWD/.build/release/petflowd"
[ -x "$PETFLOWD" ] || { echo "flow-schema: $PETFLOWD is missing; build it first" >&2; exit 1; }
venv=.build-venv/schema
if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv" || { echo "flow-schema: python3 -m venv failed (on Debian: apt-get install python3-venv)" >&2; exit 1; }
fi
if ! "$venv/bin/python" -c 'import jsonschema' 2>/dev/null; then
  echo "flow-schema: installing jsonschema into $venv" >&2
  "$venv/bin/python" -m pip install -q 'jsonschema>=4.18,<5' || { echo "flow-schema: pip install jsonschema failed" >&2; exit 1; }
fi
"$venv/bin/python" -m unittest -v scripts/flow_schema_test.py
