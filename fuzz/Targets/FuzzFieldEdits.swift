import PetFlowKit

// libFuzzer target: structured field/edit sequences on every text kind, checking the field properties.
#if canImport(Glibc)
  import Glibc
#endif

/// Reads the fuzzer's bytes as a script: a kind, an encoding, then edits applied one after
/// another to the field's state, each checked for the properties every answer must have.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFieldEdits(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  var script = Script(UnsafeBufferPointer(start: data, count: size))
  let kinds = FieldKind.allCases.filter(\.isTextEdited)
  let kind = kinds[Int(script.byte() % UInt8(kinds.count))]
  let encoding = PositionEncoding.allCases[Int(script.byte() % 3)]
  let options =
    kind == .text && script.byte() % 2 == 0
    ? FieldOptions(maxLength: Int(script.byte() % 8) + 1) : FieldOptions()
  let context = FieldContext(today: CalendarDate.unixEpoch, encoding: encoding)

  var text = script.text()
  Properties.checkWholeValue(text, kind: kind, options: options, context: context)
  var selection = FieldSelection(start: script.offset(), end: script.offset())
  var steps = 0
  while !script.isAtEnd, steps < 64 {
    steps += 1
    let before = kind.format(text, selection: selection, options: options, context: context)
    let edit: FieldEdit
    switch script.byte() % 6 {
    case 0: edit = .insert(script.text())
    case 1: edit = .deleteBackward
    case 2: edit = .deleteForward
    case 3: edit = .replace(start: script.offset(), end: script.offset(), text: script.text())
    case 4: edit = .insert(Script.separators[Int(script.byte()) % Script.separators.count])
    default:
      selection = FieldSelection(start: script.offset(), end: script.offset())
      continue
    }
    let result = kind.edit(
      text, selection: selection, edit: edit, options: options, context: context)
    if Script.tracing {
      let line =
        "\(kind) \(encoding) \(text.debugDescription) \(selection) \(edit) -> "
        + "\(result.text.debugDescription) \(result.selection) \(String(describing: result.value)) "
        + "rejected=\(result.rejected)\n"
      _ = line.withCString { write(2, $0, strlen($0)) }
    }
    Properties.check(result, kind: kind, options: options, context: context)
    if result.rejected {
      Properties.require(result.text == before.text, "a rejected edit changed the text")
      Properties.require(result.value == before.value, "a rejected edit changed the value")
    }
    // Typing a separator at a caret (no selection to replace) never changes the value.
    if case .insert(let inserted) = edit, selection.start == selection.end,
      Script.separators.contains(inserted), kind.isSeparator(inserted)
    {
      Properties.require(result.value == before.value, "a separator-only edit changed the value")
    }
    text = result.text
    selection = result.selection
  }
  return 0
}

/// The properties every answer has, whatever the input.
enum Properties {
  static func check(
    _ result: FieldResult, kind: FieldKind, options: FieldOptions, context: FieldContext
  ) {
    let boundaries = Self.boundaries(of: result.text, in: context.encoding)
    require(boundaries.contains(result.selection.start), "selection.start off a boundary")
    require(boundaries.contains(result.selection.end), "selection.end off a boundary")
    require(result.selection.start <= result.selection.end, "selection reversed")
    // Formatting what was answered changes nothing: the text, the caret, the value.
    let again = kind.format(
      result.text, selection: result.selection, options: options, context: context)
    require(again.text == result.text, "format is not idempotent: \(result.text) -> \(again.text)")
    require(again.value == result.value, "format changed the value")
    require(again.selection == result.selection, "format moved the caret")
    require(!again.truncated, "formatted text was truncated again")
    require(!again.dropped, "formatted text had a character dropped again")
  }

  /// A whole value is judged, never changed: the text a value displays as judges back to that
  /// same value, and an input that leaves no value says why, unless it is empty.
  static func checkWholeValue(
    _ text: String, kind: FieldKind, options: FieldOptions, context: FieldContext
  ) {
    let judged = kind.normalize(.text(text), options: options, context: context)
    guard let value = judged.value else { return }
    let again = kind.normalize(.text(judged.display), options: options, context: context)
    require(
      again.value == value,
      "\(text.debugDescription) displays as \(judged.display.debugDescription), which judges as \(String(describing: again.value))"
    )
    require(kind.display(of: value) == judged.display, "display of a judged value differs")
  }

  /// Every grapheme-cluster boundary of `text`, as offsets in `encoding`.
  static func boundaries(of text: String, in encoding: PositionEncoding) -> Set<Int> {
    var offsets: Set<Int> = [0]
    var offset = 0
    for character in text {
      for scalar in character.unicodeScalars {
        switch encoding {
        case .utf8: offset += String(scalar).utf8.count
        case .utf16: offset += scalar.value > 0xFFFF ? 2 : 1
        case .utf32: offset += 1
        }
      }
      offsets.insert(offset)
    }
    return offsets
  }

  static func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError(message()) }
  }
}

/// The fuzzer's bytes read as a script: bytes, offsets, and texts built from pieces that
/// matter to fields (digits of several scripts, separators, emoji, combining marks).
struct Script {
  static let pieces = [
    "1", "7", "0", "١", "۳", "３", "३", "½", "²", "-", " ", ".", ",", "+", "(", "a", "é", "e\u{301}",
    "🐶", "👍🏽", "🇵🇱", "👨‍👩‍👧", "\u{200D}", "\u{301}", "@", "\n", "\u{0}", "x.y@ex.pl",
  ]
  static let separators = ["-", " ", "(", ")", "/"]
  /// Set FUZZ_TRACE=1 to print every step when replaying a finding.
  static let tracing = getenv("FUZZ_TRACE") != nil

  private let bytes: UnsafeBufferPointer<UInt8>
  private var position = 0

  init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

  var isAtEnd: Bool { position >= bytes.count }

  mutating func byte() -> UInt8 {
    guard position < bytes.count else { return 0 }
    defer { position += 1 }
    return bytes[position]
  }

  /// Mostly small offsets, sometimes far past the end.
  mutating func offset() -> Int {
    let value = byte()
    return value == 255 ? Int.max : Int(value % 40)
  }

  /// Up to 8 pieces, or raw bytes decoded leniently.
  mutating func text() -> String {
    let length = Int(byte() % 9)
    if byte() % 4 == 0 {
      var raw: [UInt8] = []
      for _ in 0..<length * 2 { raw.append(byte()) }
      return String(decoding: raw, as: UTF8.self)
    }
    var result = ""
    for _ in 0..<length { result += Self.pieces[Int(byte()) % Self.pieces.count] }
    return result
  }
}

extension FieldKind {
  /// Whether `text` is only separators for this kind: inserting it must not change the value.
  func isSeparator(_ text: String) -> Bool {
    switch self {
    case .chipNumber, .date, .age: return true
    case .phone: return true
    case .latitude, .longitude: return text != "-"
    default: return false
    }
  }
}
