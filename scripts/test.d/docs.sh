#!/usr/bin/env bash
# PetFlowKit's documentation: the DocC catalog Sources/PetFlowKit/PetFlowKit.docc and every public
# symbol's doc comment, built by scripts/build-docs with the toolchain alone (swift build,
# swift-symbolgraph-extract, docc convert --warnings-as-errors) into .build/docs. Fails on a
# broken link in a comment or an article, and on any public symbol without a doc comment. Installs
# nothing; a few seconds after the tests' debug build, under a minute from nothing.
set -euo pipefail
cd "$(dirname "$0")/../.."
scripts/build-docs
