#!/usr/bin/env bash
# The Node client's tests (node --test, no dependencies) against the release build, and
# petflow/wasm's against petflow.wasm (scripts/build-wasm, run here: quick when nothing
# changed). The check of index.d.ts against real answers needs tsc: Debian's node-typescript,
# installed here when it is missing.
set -euo pipefail
cd "$(dirname "$0")/../.."
export PETFLOWD="$PWD/.build/release/petflowd"
[ -x "$PETFLOWD" ] || { echo "node-client: $PETFLOWD is missing; build it first" >&2; exit 1; }
scripts/build-wasm >&2
if ! command -v tsc >/dev/null; then
  echo "node-client: installing tsc (Debian's node-typescript) to check index.d.ts" >&2
  { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq node-typescript; } >&2 ||
    { echo "node-client: could not install node-typescript with apt-get (root and Debian's archive needed)" >&2; exit 1; }
fi
node --test clients/node/test/*.test.js
