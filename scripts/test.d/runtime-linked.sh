#!/usr/bin/env bash
# The release binary links no Swift concurrency runtime (nor the libdispatch it brings): petflowd
# runs on one thread and awaits nothing, and those libraries cost 1.2 MB of binary, 0.5 MiB
# resident and their initialisers at every start. One closure in main.swift's top-level code
# (isolated to the main actor, so checked at run time to be on it) once linked them all in;
# BENCHMARKS.md, "The start-up regression". Usage: runtime-linked.sh [BINARY]
set -euo pipefail
cd "$(dirname "$0")/../.."
binary="${1:-$PWD/.build/release/petflowd}"
[ -x "$binary" ] || { echo "runtime-linked: $binary is missing; build it first" >&2; exit 1; }
if [ "$(uname -s)" != Linux ] || ! command -v nm >/dev/null; then
  echo "runtime-linked: skipped (needs Linux's static build and nm)" >&2
  exit 0
fi
symbols=$(nm "$binary" 2>/dev/null || true)
if [ -z "$symbols" ]; then
  echo "runtime-linked: $binary has no symbol table to check" >&2
  exit 1
fi
found=$(grep -E ' (swift_task_create|swift_job_run|_dispatch_root_queues|\$sScM[A-Za-z0-9_]*)$' \
  <<<"$symbols" | awk '{print $NF}' | head -5 || true)
if [ -n "$found" ]; then
  echo "runtime-linked: $binary links the concurrency runtime; it has:" >&2
  echo "$found" | sed 's/^/  /' >&2
  echo "look for what calls it: a closure or an actor-isolated function in top-level code," \
    "a Task, an async function (objdump -d, then follow the calls into these symbols)" >&2
  exit 1
fi
echo "runtime-linked: no concurrency runtime in $binary"
