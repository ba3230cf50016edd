#!/usr/bin/env bash
# The fuzz targets (fuzz/Targets/*.swift) type-check against today's sources (about ten
# seconds): `swift build` never compiles them, and fuzz.sh, which builds them, runs for minutes.
set -euo pipefail
cd "$(dirname "$0")/../.."
scripts/fuzz check
