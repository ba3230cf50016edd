#!/usr/bin/env bash
# ARCHITECTURE.md's "How to add: A method", followed exactly on a scratch copy: `field/hint`
# (`{field}` answers `{hint}`, the kind's hint in the session's language). Its hand-edited files
# are the methods file, the method table, ParameterTypeTests' parameters, protocol.md, the Node
# client's lib/methods.js (the methods PetFlowClient and the in-process PetFlowEngine share),
# index.d.ts and README.md, and the Python client's client.py and README.md:
# exactly as many as the recipe's header says (9); the scripts write the rest. It must build at
# the first try, answer through the built binary what field/list says of each kind in both
# languages, and the affected suites pass: routing, the parameter types, protocol.md's examples
# (through the binary and through `PetFlowServer.handle`) and both clients' vocabulary tests.
# The copy (and its build, out of the repository's .build) is thrown away after.
# 4 to 6 minutes on two shared cores (214 s, 255 s and 376 s measured), most of it a fresh
# debug build of the package and its tests.
set -euo pipefail
cd "$(dirname "$0")/../.."
started=$SECONDS
scratch=$(mktemp -d "${TMPDIR:-/tmp}/petflowd-recipe-method.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
scripts/scratch-copy "$scratch"
cd "$scratch"

# 1. The methods file: the params struct and the handler.
cat >> Sources/PetFlowKit/Methods/FieldMethods.swift <<'SWIFT'

extension FieldMethods {
  /// A kind's hint in the session's language, as field/list gives it: `{hint}`.
  static func hint(
    _ server: inout SessionHandler, _ request: FieldHintParams, _ answer: inout JSONWriter
  ) throws(RPCError) {
    answer.beginObject()
    answer.member("hint", request.field.hint(in: server.settings.language))
    answer.endObject()
  }
}

/// field/hint's params: `{field}`.
struct FieldHintParams {
  var field: FieldKind

  init(_ params: Params) throws(ParamError) {
    var field: FieldKind?
    try params.forEachMember { name, value throws(ParamError) in
      switch name {
      case "field": field = try value.fieldKind()
      default: throw value.unknown
      }
    }
    self.field = try params.required(field, "field")
  }
}
SWIFT

# 2-4 in one Python program, each step's edits inserted after an anchor that must occur once.
python3 - <<'PY'
from pathlib import Path
def insert_after(path, anchor, text):
    page = Path(path)
    source = page.read_text(encoding="utf-8")
    assert source.count(anchor) == 1, (path, anchor)
    page.write_text(source.replace(anchor, anchor + text), encoding="utf-8")

# 2. Its entry in the method table (after field/list's), and its parameters in
# ParameterTypeTests.
insert_after("Sources/PetFlowKit/Methods/MethodTable.swift",
             "        try FieldMethods.list(&server, params.read(NoParams.init), &answer)\n"
             "      },\n",
             "      Method(\"field/hint\") { server, params, answer throws(RPCError) in\n"
             "        try FieldMethods.hint(&server, params.read(FieldHintParams.init), &answer)\n"
             "      },\n")
insert_after("Tests/petflowdTests/Hardening/ParameterTypeTests.swift",
             '    ("field/validate", validate, "options", .object),\n',
             '    ("field/hint", #"{"field":"phone"}"#, "field", .string),\n')

# 3. protocol.md: the method, its params, result and errors, and an example session
# (its initialize answer is rewritten by scripts/regenerate-examples below).
page = Path("protocol.md")
source = page.read_text(encoding="utf-8")
anchor = "### Field kinds\n"
assert source.count(anchor) == 1
section = '''### field/hint

`{field}` answers `{hint}`: the kind's hint in the session's language, the `hint` that
[field/list](#fieldlist) gives it, for a UI that shows one field. A kind petflowd does not
know, `choice` (whose field's hint is its flow's), a missing `field` or any other member is
-32602.

```jsonrpc
--> {"jsonrpc":"2.0","id":1,"method":"field/hint","params":{"field":"phone"}}
<-- {"jsonrpc":"2.0","id":1,"result":{"hint":"For example, +48 600 100 200"}}
--> {"jsonrpc":"2.0","id":2,"method":"initialize","params":{"locale":"pl"}}
<-- {"jsonrpc":"2.0","id":2,"result":{}}
--> {"jsonrpc":"2.0","id":3,"method":"field/hint","params":{"field":"phone"}}
<-- {"jsonrpc":"2.0","id":3,"result":{"hint":"Na przykład +48 600 100 200"}}
--> {"jsonrpc":"2.0","id":4,"method":"field/hint","params":{}}
<-- {"jsonrpc":"2.0","id":4,"error":{"code":-32602,"message":"Invalid params: missing required parameter 'field'","data":{"parameter":"field"}}}
```

'''
page.write_text(source.replace(anchor, section + anchor), encoding="utf-8")

# 4. The clients: a wrapper and its type in the Node client, one in the Python client,
# and a row in each README's method table.
insert_after("clients/node/lib/methods.js",
             "    return (await this.request('field/list')).fields;\n  }\n",
             "\n  /** field/hint: a kind's hint in the session's language. */\n"
             "  async hint(field) {\n"
             "    return (await this.request('field/hint', { field })).hint;\n  }\n")
insert_after("clients/node/index.d.ts",
             "  fields(): Promise<FieldInfo[]>;\n",
             "  /** field/hint: a kind's hint in the session's language. */\n"
             "  hint(field: OrOther<FieldKind>): Promise<string>;\n")
insert_after("clients/python/src/petflow/client.py",
             '        return [FieldInfo.from_json(f) for f in self.request("field/list")["fields"]]\n',
             '\n    def hint(self, field: str) -> str:\n'
             '        """``field/hint``: a kind\'s hint in the session\'s language."""\n'
             '        return str(self.request("field/hint", {"field": field})["hint"])\n')
insert_after("clients/node/README.md",
             "| `fields()` | `field/list` | `[{kind, label, hint, placeholder, keyboard, maxLength, "
             "options, inputMode, editing, textEditable}]` |\n",
             "| `hint(field)` | `field/hint` | the kind's hint, a string |\n")
insert_after("clients/python/README.md",
             "| `fields()` | `field/list` | `[FieldInfo(kind, label, placeholder, keyboard, "
             "max_length, options, text_editable, raw, hint, input_mode, editing)]` |\n",
             "| `hint(field)` | `field/hint` | the kind's hint, a `str` |\n")
PY

# As many hand-edited files as the recipe's header says, so the header cannot drift.
edited=$(git status --porcelain | wc -l)
promised=$(sed -n 's/^\*\*A method\*\* (\([0-9]*\) hand-edited files.*/\1/p' ARCHITECTURE.md)
echo "recipe-method: $edited hand-edited files (the recipe says ${promised:-nothing})" >&2
[ "$edited" = "$promised" ] || { git status --porcelain >&2; exit 1; }

# 5. The scripts: the lists that name every method (the fuzz dictionary), then a debug build at
# the first try, then the answers that list every method, from the binary just built.
scripts/generate-lists
swift build
bin=$(swift build --show-bin-path)
scripts/regenerate-examples --binary "$bin/petflowd"
# The answers written by hand above are the binary's: only the initialize answers changed.
for line in '"result":{"hint":"For example, +48 600 100 200"}' \
  '"result":{"hint":"Na przykład +48 600 100 200"}' \
  "missing required parameter 'field'"; do
  grep -qF "$line" protocol.md || { echo "recipe-method: protocol.md lost $line" >&2; exit 1; }
done
git diff --stat >&2
echo "recipe-method: built in $((SECONDS - started)) s" >&2

# Through the built binary: each kind's hint is field/list's, in English and in Polish; choice,
# an unknown kind and an unknown member are -32602.
python3 - "$bin/petflowd" <<'PY'
import json, subprocess, sys
def session(locale, calls):
    requests = [{"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {"locale": locale}},
                {"jsonrpc": "2.0", "id": 1, "method": "field/list"}]
    requests += [{"jsonrpc": "2.0", "id": n, "method": "field/hint", "params": params}
                 for n, params in enumerate(calls, start=2)]
    requests += [{"jsonrpc": "2.0", "id": 99, "method": "shutdown"},
                 {"jsonrpc": "2.0", "method": "exit"}]
    out = subprocess.run([sys.argv[1]], input="".join(json.dumps(r) + "\n" for r in requests),
                         capture_output=True, text=True, check=True).stdout
    return {a["id"]: a for a in map(json.loads, out.splitlines())}
for locale in ("en", "pl"):
    first = session(locale, [])
    assert "field/hint" in first[0]["result"]["methods"], first[0]
    fields = first[1]["result"]["fields"]
    answers = session(locale, [{"field": f["kind"]} for f in fields])
    for n, f in enumerate(fields, start=2):
        assert answers[n]["result"] == {"hint": f["hint"]}, (locale, f["kind"], answers[n])
refused = session("en", [{"field": "choice"}, {"field": "chip"}, {"field": "phone", "x": 1}])
for n, parameter in ((2, "field"), (3, "field"), (4, "x")):
    assert refused[n]["error"]["code"] == -32602, refused[n]
    assert refused[n]["error"]["data"]["parameter"] == parameter, refused[n]
PY

# The affected suites: routing, the parameter types, protocol.md's executed examples (through
# the binary and through PetFlowServer.handle), the generated lists and both clients' vocabulary.
swift format lint --strict --recursive Sources Tests
scripts/generate-lists --check
python3 -m unittest -q scripts/hand_kept_lists_test.py scripts/architecture_names_test.py
PETFLOWD="$bin/petflowd" swift test --filter \
  'MethodRoutingTests|ParameterTypeTests|ProtocolExamplesTests|ProtocolEdgeTests'
PETFLOWD="$bin/petflowd" node --test clients/node/test/vocabulary.test.js
PETFLOWD="$bin/petflowd" python3 -m unittest discover -s clients/python/tests \
  -t clients/python/tests -p test_vocabulary.py
echo "recipe-method: field/hint added by the recipe in $edited hand-edited files, built at the" \
  "first try, in $((SECONDS - started)) s" >&2
