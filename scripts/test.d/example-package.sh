#!/usr/bin/env bash
# Examples/ReportCLI, a package that depends on this one by path as an app does, built and run:
# it types a chip number key by key (and whole, as SwiftUI hands it over), sends one message through
# PetFlowServer, walks the found-pet report to its payload and loads and walks
# flows/examples/reportSighting.json, through the public API only. Its output must equal
# expected-output.txt beside it, so a change that breaks an app's build or changes what it sees
# fails here. A debug build (the library compiled once more, about 25 s from nothing; a few
# seconds when only the example changed) into the example's own .build, which git ignores.
set -euo pipefail
cd "$(dirname "$0")/../.."
example=Examples/ReportCLI
swift format lint --strict --recursive "$example/Package.swift" "$example/Sources"
swift build --package-path "$example" --scratch-path "$example/.build" -c debug >&2
actual=$("$example/.build/debug/ReportCLI" flows/examples/reportSighting.json)
if ! diff -u "$example/expected-output.txt" - <<<"$actual" >&2; then
  echo "example-package: ReportCLI's output differs from $example/expected-output.txt (above)" >&2
  exit 1
fi
echo "example-package: ReportCLI built against PetFlowKit by path and printed what it should" >&2
