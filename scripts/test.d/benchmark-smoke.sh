#!/usr/bin/env bash
# The benchmark's smoke pass: compiles the floor and the driver, runs every scenario with
# tiny counts against the release binary and the floor. Checks only that it completes;
# timings on CI machines are not judged (see BENCHMARKS.md for the real run).
set -euo pipefail
cd "$(dirname "$0")/../.."
python3 benchmarks/run.py --quick --binary .build/release/petflowd --out benchmarks/out/smoke.json
