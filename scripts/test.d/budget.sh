#!/usr/bin/env bash
# The instruction budget: counts instructions per request under callgrind on the release
# binary (chip and latitude keystrokes, a flow next+back pair, the same on a branching step,
# 1 MiB pastes) and fails when any is more than 3% over benchmarks/budget.json (about 10 s; see
# BENCHMARKS.md, "Budget"); then checks that ARCHITECTURE.md's traced paths are the code's.
set -euo pipefail
cd "$(dirname "$0")/../.."
binary="$PWD/.build/release/petflowd"
[ -x "$binary" ] || { echo "budget: $binary is missing; build it first" >&2; exit 1; }

if ! command -v valgrind >/dev/null; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "budget: installing valgrind (apt-get)" >&2
    apt-get update -qq || true
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq valgrind >/dev/null || true
  fi
  command -v valgrind >/dev/null || {
    echo "budget: valgrind is missing and could not be installed (needs apt-get as root);" \
      "install valgrind and run again" >&2
    exit 1
  }
fi

python3 benchmarks/profile.py --budget --binary "$binary"

# The map: ARCHITECTURE.md's traced paths must be the ones the code runs (a release build with
# line information, .build-prof; about a minute to build the first time, 20 s to trace both).
prof=.build-prof
scripts/build -Xswiftc -g --scratch-path "$prof" --product petflowd
for method in field/edit flow/next; do
  python3 benchmarks/profile.py --path "$method" --binary "$prof/release/petflowd" --check ARCHITECTURE.md
done
