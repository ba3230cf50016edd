#!/usr/bin/env bash
# The Python client's tests (unittest, standard library only) against the release build.
set -euo pipefail
cd "$(dirname "$0")/../.."
export PETFLOWD="$PWD/.build/release/petflowd"
[ -x "$PETFLOWD" ] || { echo "python-client: $PETFLOWD is missing; build it first" >&2; exit 1; }
python3 -m unittest discover -s clients/python/tests -t clients/python/tests
