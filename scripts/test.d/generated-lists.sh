#!/usr/bin/env bash
# The lists scripts/generate-lists writes (protocol.md's kind and error tables, index.d.ts's
# unions, petflowd.1's kinds, the fuzz dictionaries, the flow schema's kinds, unknown-kind.txt)
# are what it would write now, and no hand-written file keeps such a list of its own.
set -euo pipefail
cd "$(dirname "$0")/../.."
scripts/generate-lists --check
python3 -m unittest -v scripts/hand_kept_lists_test.py
