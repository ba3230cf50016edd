#!/usr/bin/env bash
# Every fuzz target (daemon, fields, flows) for 60 s each, starting from the seed corpus and
# every kept crasher (fuzz/regressions/): a crash, a failed property, a leak or a timeout fails
# the run.
set -euo pipefail
cd "$(dirname "$0")/../.."
SWIFT_BACKTRACE=enable=no scripts/fuzz all "${FUZZ_SECONDS:-60}"
