#!/usr/bin/env bash
# ARCHITECTURE.md's "How to add: A flow", followed exactly: a file in a directory of its own (no
# Swift), checked with `petflowd check-flows`, served with `petflowd --flows DIR`: flow/list lists
# it and flow/start and flow/next run it. The directory is thrown away after. About a second,
# on the release binary ./scripts/test builds first.
set -euo pipefail
cd "$(dirname "$0")/../.."
binary="$PWD/.build/release/petflowd"
[ -x "$binary" ] || { echo "recipe-flow: $binary is missing; build it first" >&2; exit 1; }
scratch=$(mktemp -d "${TMPDIR:-/tmp}/petflowd-recipe-flow.XXXXXX")
trap 'rm -rf "$scratch"' EXIT

cat > "$scratch/reportInjury.json" <<'JSON'
{
  "formatVersion": 1,
  "id": "reportInjury",
  "version": 1,
  "title": {"en": "Report an injured animal", "pl": "Zgłoś ranne zwierzę"},
  "steps": [
    {
      "id": "where",
      "title": {"en": "Where", "pl": "Gdzie"},
      "fields": [
        {"id": "latitude", "kind": "latitude", "label": {"en": "Latitude", "pl": "Szerokość"}, "required": true},
        {"id": "longitude", "kind": "longitude", "label": {"en": "Longitude", "pl": "Długość"}, "required": true}
      ]
    },
    {"id": "summary", "kind": "summary", "title": {"en": "Check your answers", "pl": "Sprawdź odpowiedzi"}}
  ],
  "payload": {"location.latitude": "latitude", "location.longitude": "longitude"}
}
JSON

"$binary" check-flows "$scratch/reportInjury.json"
python3 - "$binary" "$scratch" <<'PY'
import json, subprocess, sys
daemon = subprocess.Popen([sys.argv[1], "--flows", sys.argv[2]], stdin=subprocess.PIPE,
                          stdout=subprocess.PIPE, text=True)
def ask(number, method, params=None):
    request = {"jsonrpc": "2.0", "id": number, "method": method}
    if params is not None:
        request["params"] = params
    daemon.stdin.write(json.dumps(request) + "\n")
    daemon.stdin.flush()
    answer = json.loads(daemon.stdout.readline())
    assert "result" in answer, answer
    return answer["result"]
ask(1, "initialize", {})
listed = [flow["id"] for flow in ask(2, "flow/list")["flows"]]
assert "reportInjury" in listed, listed
started = ask(3, "flow/start", {"flow": "reportInjury"})
assert started["step"]["id"] == "where", started
moved = ask(4, "flow/next", {"flowId": started["flowId"], "rev": started["rev"],
                             "values": {"latitude": 52.2297, "longitude": 21.0122}})
assert moved["step"]["id"] == "summary", moved
ask(5, "shutdown")
daemon.stdin.write(json.dumps({"jsonrpc": "2.0", "method": "exit"}) + "\n")
daemon.stdin.close()
assert daemon.wait(timeout=10) == 0
PY
echo "recipe-flow: a flow file added by the recipe is checked, listed and run" >&2
