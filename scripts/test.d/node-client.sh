#!/usr/bin/env bash
# The Node client's tests (node --test, no dependencies) against the release build.
set -euo pipefail
cd "$(dirname "$0")/../.."
export PETFLOWD="$PWD/.build/release/petflowd"
[ -x "$PETFLOWD" ] || { echo "node-client: $PETFLOWD is missing; build it first" >&2; exit 1; }
node --test clients/node/test/*.test.js
