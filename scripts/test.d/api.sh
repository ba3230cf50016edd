#!/usr/bin/env bash
# The library's public API (PetFlowKit and the modules it re-exports, as swift-api-digester dumps
# it) is api/PetFlowKit.json's: a change to it fails here, with what was added and removed, until
# `scripts/api-baseline` rewrites the file, so it shows in review beside its CHANGELOG line.
# A debug build of the PetFlowKit target (seconds when the tests' build has run) and the dump;
# then scripts/api_baseline_test.py, the normalisation on hand-written dumps.
set -euo pipefail
cd "$(dirname "$0")/../.."
scripts/api-baseline --check
python3 -m unittest -q scripts/api_baseline_test.py
