#!/usr/bin/env bash
# Issue 30's differential test: the corpus of Tests/wasm (protocol.md's examples, every method
# and kind, both built-in reports to their payloads, hostile bodies, batches, integers at 2^31,
# 2^32 and 2^53-1) through the release binary and through petflow.wasm in Node, answers
# compared byte for byte; then bodies that are not valid UTF-8 (which no JS string carries),
# sent as raw bytes to the binary's stdin and through the module's documented interface
# (Tests/wasm/raw-abi.mjs). Builds both first (each quick when nothing changed).
set -euo pipefail
cd "$(dirname "$0")/../.."
scripts/build >&2
scripts/build-wasm >&2
export PETFLOWD="$PWD/.build/release/petflowd"
node --test Tests/wasm/
