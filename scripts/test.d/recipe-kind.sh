#!/usr/bin/env bash
# ARCHITECTURE.md's "How to add: A field kind", followed exactly on a scratch copy: a `postcode`
# kind (`00-000`, kept as typed and judged). Its hand-edited files are its declaration, its tests,
# its row of protocol.md's prose table and its row of ARCHITECTURE.md's kind table (at most 4);
# the scripts write the rest. It must build at the first try, and through the built binary judge
# `12-3` `postcode.tooShort` (params.min 5) and `00-950` valid; then the affected suites pass.
# The copy (and its build, out of the repository's .build) is thrown away after.
# About 4 minutes on two shared cores: a fresh debug build of the package and its tests.
set -euo pipefail
cd "$(dirname "$0")/../.."
scratch=$(mktemp -d "${TMPDIR:-/tmp}/petflowd-recipe-kind.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
scripts/scratch-copy "$scratch"
cd "$scratch"

# 1. The declaration: the kind, its codes with their messages, its grammar.
cat > Sources/PetFlowCore/Fields/Kinds/PostcodeKind.swift <<'SWIFT'
/// The postcode kind: a Polish postal code, two digits, a hyphen and three digits (`00-950`).
/// Typing keeps what is typed (whitespace aside) and the whole text is judged: `12-3` is too
/// short, never the `123` a digit mask would make of it.
extension KindDeclaration {
  /// A Polish postal code, `00-950`.
  static let postcode = KindDeclaration(
    label: LocalizedText(en: "Postcode", pl: "Kod pocztowy"),
    hint: LocalizedText(en: "For example, 00-950", pl: "Na przykład 00-950"),
    keyboard: .numberPad, editing: .kept(.rules(PostcodeGrammar.read)),
    longestValue: PostcodeGrammar.digits + 1, required: FieldError(.postcodeRequired),
    codes: [.postcodeRequired, .postcodeTooShort, .postcodeTooLong, .postcodeInvalid],
    examples: ["00-950", "31-042", "80001"])
}

/// What a postcode's text means: five digits, the hyphen after the second optional (`00950` is
/// `00-950`); anything else is `postcode.invalid`.
enum PostcodeGrammar: KeptRules {
  static let digits = 5

  static func read(_ cells: KeptCells, context: FieldContext) -> FieldReading {
    guard !cells.isEmpty else { return .empty }
    var digits: [UInt8] = []
    for index in 0..<cells.count {
      guard let byte = cells.byte(index) else { return .invalid(FieldError(.postcodeInvalid)) }
      if byte &- UInt8(ascii: "0") < 10 {
        digits.append(byte)
      } else if byte != UInt8(ascii: "-") || index != 2 || digits.count != 2 {
        return .invalid(FieldError(.postcodeInvalid))
      }
    }
    guard digits.count >= Self.digits else {
      return .invalid(FieldError.bounds(.postcodeTooShort, min: Self.digits))
    }
    guard digits.count <= Self.digits else {
      return .invalid(FieldError.bounds(.postcodeTooLong, max: Self.digits))
    }
    let value =
      String(decoding: digits.prefix(2), as: UTF8.self) + "-"
      + String(decoding: digits.dropFirst(2), as: UTF8.self)
    return FieldReading(value: .string(value))
  }
}

/// The kind's error codes, each with its message in every shipped language.
extension ErrorCode {
  package static let postcodeRequired = ErrorCode(
    "postcode.required", LocalizedText(en: "Enter the postcode", pl: "Wpisz kod pocztowy"))
  package static let postcodeTooShort = ErrorCode(
    "postcode.tooShort",
    LocalizedText(en: "A postcode has {min} digits", pl: "Kod pocztowy ma {min} cyfr"))
  package static let postcodeTooLong = ErrorCode(
    "postcode.tooLong",
    LocalizedText(
      en: "A postcode has at most {max} digits", pl: "Kod pocztowy ma najwyżej {max} cyfr"))
  package static let postcodeInvalid = ErrorCode(
    "postcode.invalid",
    LocalizedText(
      en: "Enter a postcode such as 00-950", pl: "Wpisz kod pocztowy, na przykład 00-950"))
}
SWIFT

# 2. Its tests.
cat > Tests/PetFlowCoreTests/PostcodeFieldTests.swift <<'SWIFT'
// The postcode kind: `00-000`, kept as typed and judged whole.
@_spi(Engine) import PetFlowCore
import Testing

@Suite struct PostcodeFieldTests {
  let postcode = FieldKind.postcode

  @Test("A postcode, with or without its hyphen", arguments: ["00-950", "00950", " 00-950 "])
  func valid(input: String) {
    #expect(postcode.read(.text(input)).value == .string("00-950"))
  }

  @Test("Too few digits is tooShort, never a shorter postcode", arguments: ["12-3", "1", "1234"])
  func tooShort(input: String) {
    let result = postcode.read(.text(input))
    #expect(result.value == nil)
    #expect(result.error?.code == "postcode.tooShort")
    #expect(result.error?.params.first?.name == "min")
  }

  @Test func tooLong() {
    #expect(postcode.read(.text("00-9501")).error?.code == "postcode.tooLong")
  }

  @Test("Anything but digits and the hyphen after two", arguments: ["0-0950", "ab-cde", "00--950"])
  func invalid(input: String) {
    #expect(postcode.read(.text(input)).error?.code == "postcode.invalid")
  }

  @Test func typingKeepsWhatIsTyped() {
    let result = postcode.edit("12|", .insert("x"))
    #expect(result.marked == "12x|")
    #expect(result.error?.code == "postcode.invalid")
  }
}
SWIFT

# 3. Its row of protocol.md's prose table (after the last kind's row).
python3 - <<'PY'
from pathlib import Path
page = Path("protocol.md")
lines = page.read_text(encoding="utf-8").split("\n")
start = lines.index("What each kind keeps of what is typed, its value and when it reports each code:")
end = next(i for i in range(start + 3, len(lines)) if not lines[i].startswith("|"))
lines.insert(end, "| `postcode` | everything but whitespace; shown as typed | the postcode `00-000` "
             "(`00950` is `00-950`) | `postcode.tooShort` (`params.min` 5: `12-3`), "
             "`postcode.tooLong` (`params.max` 5), `postcode.invalid` (anything but five digits "
             "and a hyphen after the second), `postcode.required` |")
page.write_text("\n".join(lines), encoding="utf-8")
PY

# 4. Its row of ARCHITECTURE.md's kind table.
python3 - <<'PY'
from pathlib import Path
page = Path("ARCHITECTURE.md")
lines = page.read_text(encoding="utf-8").split("\n")
start = lines.index("| kind | declared in | the tests that pin it | a change to its display rule touches |")
end = next(i for i in range(start + 2, len(lines)) if not lines[i].startswith("|"))
lines.insert(end, "| `postcode` | PostcodeKind.swift (`PostcodeGrammar`, a `KeptRules`) | "
             "`PostcodeFieldTests` | nothing drawn: shown as typed |")
page.write_text("\n".join(lines), encoding="utf-8")
PY

edited=$(git status --porcelain | wc -l)
echo "recipe-kind: $edited hand-edited files" >&2
[ "$edited" -le 4 ] || { git status --porcelain >&2; echo "recipe-kind: more than 4" >&2; exit 1; }

# 5. The scripts: every list (FieldKindCases.swift first, then a debug build), then the answers
# that list every kind, from the binary just built, then the public API's baseline (FieldKind
# gains a case).
scripts/generate-lists
bin=$(swift build --show-bin-path)
scripts/regenerate-examples --binary "$bin/petflowd"
scripts/api-baseline

# Through the built binary: 12-3 is postcode.tooShort with params.min 5, 00-950 is valid.
answers=$(printf '%s\n' \
  '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}' \
  '{"jsonrpc":"2.0","id":2,"method":"field/validate","params":{"field":"postcode","text":"12-3"}}' \
  '{"jsonrpc":"2.0","id":3,"method":"field/validate","params":{"field":"postcode","text":"00-950"}}' \
  '{"jsonrpc":"2.0","id":4,"method":"shutdown"}' '{"jsonrpc":"2.0","method":"exit"}' \
  | "$bin/petflowd")
python3 - "$answers" <<'PY'
import json, sys
answers = {a["id"]: a["result"] for a in map(json.loads, sys.argv[1].splitlines()) if "id" in a}
short, valid = answers[2], answers[3]
assert short["error"]["code"] == "postcode.tooShort", short
assert short["error"]["params"] == {"min": 5}, short
assert valid["valid"] is True and valid["value"] == "00-950", valid
PY

# The affected suites: the kind's own, the messages, the property tests that take every kind, the
# protocol's executed examples and the end-to-end field tests (through the debug binary).
swift format lint --strict --recursive Sources Tests
scripts/generate-lists --check
scripts/api-baseline --check
python3 -m unittest -q scripts/hand_kept_lists_test.py scripts/architecture_names_test.py
PETFLOWD="$bin/petflowd" swift test --filter \
  'PostcodeFieldTests|MessageTests|FieldKindInfoTests|ValuePropertyTests|FieldPropertyTests|ProtocolExamplesTests|FieldEndToEndTests|TypingAgreesEndToEndTests|WholeValueEndToEndTests'
echo "recipe-kind: postcode added by the recipe, built at the first try, judged as declared" >&2
