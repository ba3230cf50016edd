#!/usr/bin/env bash
# The WebAssembly module builds (so the library stays Embedded Swift: no key paths,
# existentials or untyped throws), stays within its size (1.5 MiB, 512 KiB gzipped), and in
# Node 20 answers as the release binary does: initialize, a chip-number keystroke, integers past
# 2^31, and memory that stays flat over a long session (the allocator reuses what is freed).
# The JS wrapper's tests hold the full differential corpus. Usage: wasm-build.sh [BINARY]
set -euo pipefail
cd "$(dirname "$0")/../.."
binary="${1:-$PWD/.build/release/petflowd}"
[ -x "$binary" ] || { echo "wasm-build: $binary is missing; build it first" >&2; exit 1; }
scripts/build-wasm
size=$(wc -c <clients/web/petflow.wasm)
gzipped=$(gzip -9 -c clients/web/petflow.wasm | wc -c)
if [ "$size" -gt $((1536 * 1024)) ] || [ "$gzipped" -gt $((512 * 1024)) ]; then
  echo "wasm-build: the module is $size bytes, $gzipped gzipped: over 1.5 MiB or 512 KiB" >&2
  exit 1
fi
# Embedded Swift prints a value that is not CustomStringConvertible (an enum's case, an
# optional) as this placeholder, so a message interpolating one would differ from petflowd's.
if grep -q 'cannot print value in embedded Swift' clients/web/petflow.wasm; then
  echo "wasm-build: a string interpolates a value Embedded Swift cannot print (an enum case or" \
    "an optional without a description); spell it out" >&2
  exit 1
fi
node scripts/test.d/wasm-smoke.mjs clients/web/petflow.wasm "$binary"
