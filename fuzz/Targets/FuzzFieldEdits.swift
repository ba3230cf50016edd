@_spi(Engine) import PetFlowCore

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
    kind == .choice
    ? FieldOptions(choices: Script.choices)
    : kind == .text && script.byte() % 2 == 0
      ? FieldOptions(maxLength: Int64(script.byte() % 8) + 1) : FieldOptions()
  let context = FieldContext(today: CalendarDate.unixEpoch, encoding: encoding)

  var text = script.text()
  Properties.checkWholeValue(text, kind: kind, options: options, context: context)
  Properties.checkPathsAgree(text, kind: kind, options: options, context: context)
  Properties.checkFormatCharacters(text, kind: kind, options: options, context: context)
  var selection = FieldSelection(start: script.offset(), end: script.offset())
  var steps = 0
  while !script.isAtEnd, steps < 64 {
    steps += 1
    let before = kind.format(text, selection: selection, options: options, context: context)
    Properties.checkReplaceAgreesWithKeys(
      text, caret: selection, kind: kind, options: options, context: context)
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
    // Offsets are compared in the text as shown: only when the pre-edit text was formatted.
    if kind == .date, text == before.text {
      Properties.checkDateGroups(before: before, after: result, edit: edit, selection: selection)
    }
    if result.rejected {
      Properties.require(result.text == before.text, "a rejected edit changed the text")
      Properties.require(result.value == before.value, "a rejected edit changed the value")
    }
    // Typing a separator at a caret (no selection to replace) never changes the value.
    if case .insert(let inserted) = edit, selection.start == selection.end,
      Script.separators.contains(inserted), kind.dropsWhenTyped(inserted)
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

  /// A whole value is read, never changed: the text a value displays as reads back to that
  /// same value, and a value never stands beside an error.
  static func checkWholeValue(
    _ text: String, kind: FieldKind, options: FieldOptions, context: FieldContext
  ) {
    let reading = kind.read(.text(text), options: options, context: context)
    require(reading.value == nil || reading.error == nil, "a value beside an error")
    guard let value = reading.value else { return }
    let again = kind.read(.text(kind.display(of: value)), options: options, context: context)
    require(
      again.value == value,
      "\(text.debugDescription) displays as \(kind.display(of: value).debugDescription), which reads as \(String(describing: again.value))"
    )
  }

  /// Typing a text key by key, pasting it at once, formatting it and validating it end with
  /// the same value and the same error code, for every kind but the two the seeds cap (the chip
  /// number's filter and free text's `maxLength`), and typing and pasting a chip number agree.
  static func checkPathsAgree(
    _ text: String, kind: FieldKind, options: FieldOptions, context: FieldContext
  ) {
    var typed = kind.format("", selection: .caret(0), options: options, context: context)
    for key in text {
      typed = kind.edit(
        typed.text, selection: typed.selection, edit: .insert(String(key)), options: options,
        context: context)
    }
    let pasted = kind.edit(
      "", selection: .caret(0), edit: .insert(text), options: options, context: context)
    require(
      typed.value == pasted.value && typed.error?.code == pasted.error?.code,
      "\(kind) \(text.debugDescription): typed \(String(describing: typed.value)) \(String(describing: typed.error?.code)), pasted \(String(describing: pasted.value)) \(String(describing: pasted.error?.code))"
    )
    guard kind.keepsWhatIsTyped(options) else { return }
    let formatted = kind.format(text, selection: .caret(0), options: options, context: context)
    let read = kind.read(.text(text), options: options, context: context)
    for (path, result) in [
      ("formatted", formatted.value, formatted.error), ("read", read.value, read.error),
    ].map({ ($0.0, ($0.1, $0.2)) }) {
      require(
        result.0 == typed.value && result.1?.code == typed.error?.code,
        "\(kind) \(text.debugDescription): typed \(String(describing: typed.value)) \(String(describing: typed.error?.code)), \(path) \(String(describing: result.0)) \(String(describing: result.1?.code))"
      )
    }
  }

  /// Format characters (Cf) carry no meaning but in free text: one inserted anywhere (but a ZWJ
  /// or ZWNJ into an email domain, where it is judged) changes neither the value nor the error
  /// of a whole value or of `field/format`, is never `dropped`, and typed alone is refused.
  static func checkFormatCharacters(
    _ text: String, kind: FieldKind, options: FieldOptions, context: FieldContext
  ) {
    guard kind != .text else { return }
    let scalars = Array(text.unicodeScalars)
    let plain = kind.read(.text(text), options: options, context: context)
    let formatted = kind.format(text, selection: .caret(0), options: options, context: context)
    // Every position of a short text, the first 16 of a long one; the marks in turn.
    for position in 0...min(scalars.count, 16) {
      let inDomain = kind == .email && scalars[..<position].contains("@")
      let marks = Script.marks.filter { !inDomain || !Script.joiners.contains($0) }
      let mark = marks[(position &+ scalars.count) % marks.count]
      var marked = scalars
      marked.insert(mark, at: position)
      let markedText = String(String.UnicodeScalarView(marked))
      let read = kind.read(.text(markedText), options: options, context: context)
      require(
        read.value == plain.value && read.error == plain.error,
        "\(kind) \(markedText.debugDescription) reads otherwise than without U+\(String(mark.value, radix: 16))"
      )
      let again = kind.format(
        markedText, selection: .caret(0), options: options, context: context)
      require(
        again.value == formatted.value && again.error?.code == formatted.error?.code
          && again.dropped == formatted.dropped,
        "\(kind) \(markedText.debugDescription) formats otherwise than without U+\(String(mark.value, radix: 16))"
      )
      let typed = kind.edit(
        text, selection: .caret(Int.max), edit: .insert(String(mark)), options: options,
        context: context)
      let atEndInDomain = kind == .email && scalars.contains("@") && Script.joiners.contains(mark)
      require(
        typed.rejected || atEndInDomain,
        "\(kind): U+\(String(mark.value, radix: 16)) typed alone was taken")
      // Only what the text already held can be dropped (a chip number's junk), never the mark.
      require(typed.dropped == formatted.dropped, "\(kind): a format character was dropped")
    }
  }

  /// A `replace` with nothing over the one character before a caret answers as Backspace, over
  /// the one after it as forward Delete (how iOS and Android report those keys).
  static func checkReplaceAgreesWithKeys(
    _ text: String, caret selection: FieldSelection, kind: FieldKind, options: FieldOptions,
    context: FieldContext
  ) {
    guard selection.start == selection.end else { return }
    let boundaries = Self.boundaries(of: text, in: context.encoding).sorted()
    guard let caret = boundaries.last(where: { $0 <= selection.start }) else { return }
    func edit(_ edit: FieldEdit) -> FieldResult {
      kind.edit(text, selection: selection, edit: edit, options: options, context: context)
    }
    if let start = boundaries.last(where: { $0 < caret }) {
      require(
        edit(.replace(start: start, end: caret, text: "")) == edit(.deleteBackward),
        "\(kind) \(text.debugDescription) \(selection): replace \(start)..<\(caret) is not Backspace"
      )
    }
    if let end = boundaries.first(where: { $0 > caret }) {
      require(
        edit(.replace(start: caret, end: end, text: "")) == edit(.deleteForward),
        "\(kind) \(text.debugDescription) \(selection): replace \(caret)..<\(end) is not Delete")
    }
  }

  /// An edit inside a date never changes the digits of the groups it did not touch: the groups
  /// wholly before it keep their place, and the text from the first hyphen after it, groups and
  /// hyphens, ends the new text unchanged (unless it holds no digit: trailing hyphens go).
  static func checkDateGroups(
    before: FieldResult, after: FieldResult, edit: FieldEdit, selection: FieldSelection
  ) {
    guard let old = dateGroups(before.text), dateGroups(after.text) != nil || after.text.isEmpty
    else { return }
    var range = selection
    if case .replace(let start, let end, _) = edit {
      range = FieldSelection(start: start, end: end)
    }
    // Offsets past the end are the end (a date's text is ASCII: one unit a character).
    let bytes = Array(before.text.utf8)
    var low = min(range.start, range.end, bytes.count)
    var high = min(max(range.start, range.end), bytes.count)
    // A delete key at a caret reaches over the hyphens next to it, to the nearest digit.
    if low == high, edit == .deleteBackward {
      low = (bytes[..<low].lastIndex { $0 != UInt8(ascii: "-") }) ?? low
    }
    if low == high, edit == .deleteForward {
      high = (bytes[high...].firstIndex { $0 != UInt8(ascii: "-") }).map { $0 + 1 } ?? high
    }
    let new = Array(after.text.utf8)
    var start = 0
    for (index, group) in old.enumerated() {
      let end = start + group.count
      defer { start = end + 1 }
      guard end < low else { break }
      let kept = dateGroups(after.text) ?? []
      require(
        index < kept.count && kept[index] == group,
        "date group \(index): \(before.text) -> \(after.text)")
    }
    guard let hyphen = bytes[high...].firstIndex(of: UInt8(ascii: "-")) else { return }
    let tail = bytes[hyphen...]
    guard tail.contains(where: { $0 != UInt8(ascii: "-") }) else { return }
    require(
      new.count >= tail.count && new.suffix(tail.count).elementsEqual(tail),
      "date groups after the edit: \(before.text) -> \(after.text)")
  }

  /// A date's groups when it is digits and hyphens only, nil otherwise (shown as typed).
  static func dateGroups(_ text: String) -> [Substring]? {
    guard !text.isEmpty, text.utf8.allSatisfy({ $0 == UInt8(ascii: "-") || $0 &- 48 < 10 }),
      text.first != "-"
    else { return nil }
    return text.split(separator: "-", omittingEmptySubsequences: false)
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
    "🐶", "👍🏽", "🇵🇱", "👨‍👩‍👧", "\u{200D}", "\u{301}", "@", "\n", "\u{0}", "x.y@ex.pl", "yes", "no",
  ]
  static let separators = ["-", " ", "(", ")", "/"]
  /// Format characters (Cf) of every kind that reaches a form: bidirectional marks, zero-width
  /// space and joiners, word joiner, BOM, soft hyphen, an Arabic number sign (which joins the
  /// digit after it in one cluster), a tag (which joins the emoji before it).
  static let marks: [Unicode.Scalar] = [
    "\u{200E}", "\u{200F}", "\u{200B}", "\u{200C}", "\u{200D}", "\u{2060}", "\u{FEFF}",
    "\u{AD}", "\u{0600}", "\u{202E}", "\u{2066}", "\u{E0041}", "\u{110BD}",
  ]
  static let joiners: [Unicode.Scalar] = ["\u{200C}", "\u{200D}"]
  /// A choice field's options, as a flow file declares them; "yes" and "no" are also pieces.
  static let choices = [
    FieldOption(id: "yes", label: LocalizedText(en: "Yes", pl: "Tak")),
    FieldOption(id: "no", label: LocalizedText(en: "No", pl: "Nie")),
  ]
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
