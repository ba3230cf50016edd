// Random field texts, selections and edits for property tests, and an independent boundary model.
import PetFlowKit

/// Draws test data from a seeded generator.
struct RandomField {
  /// Pieces mixing what real input holds: digits of several scripts, letters, emoji with skin
  /// tones and joiners, flags, combining marks, separators and signs.
  static let pieces = [
    "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "٣", "٧", "۳", "３", "३", "𝟐", "½", "²", "Ⅻ",
    "①", "a", "Z", "ż", "é", "e\u{301}", "\u{301}", "\u{20E3}", "🐶", "👍🏽", "👨‍👩‍👧", "🇵🇱",
    "\u{1F1F5}", "\u{200D}", "-", "-", "−", " ", ".", ",", "+", "@", "(", ")", "\r\n", "\n",
  ]

  var generator: SplitMix64

  init(seed: UInt64) {
    generator = SplitMix64(seed: seed)
  }

  mutating func int(_ range: ClosedRange<Int>) -> Int {
    Int.random(in: range, using: &generator)
  }

  mutating func text(maxPieces: Int = 24) -> String {
    (0..<int(0...maxPieces)).map { _ in Self.pieces.randomElement(using: &generator) ?? "" }
      .joined()
  }

  /// An offset anywhere in the text or a little past it, sometimes absurdly far.
  mutating func offset(in text: String, _ encoding: PositionEncoding) -> Int {
    int(0...20) == 0 ? Int.max : int(0...(Marked.length(of: text, encoding) + 2))
  }

  mutating func selection(in text: String, _ encoding: PositionEncoding) -> FieldSelection {
    let start = offset(in: text, encoding)
    return int(0...2) == 0
      ? .caret(start) : FieldSelection(start: start, end: offset(in: text, encoding))
  }

  mutating func edit(in text: String, _ encoding: PositionEncoding) -> FieldEdit {
    switch int(0...4) {
    case 0: return .deleteBackward
    case 1: return .deleteForward
    case 2:
      let range = selection(in: text, encoding)
      return .replace(start: range.start, end: range.end, text: self.text(maxPieces: 3))
    default: return .insert(self.text(maxPieces: int(0...1) == 0 ? 1 : 8))
    }
  }

  mutating func encoding() -> PositionEncoding {
    PositionEncoding.allCases.randomElement(using: &generator) ?? .utf16
  }
}

/// Grapheme-cluster boundaries computed the plain way, to check the library against.
enum Boundaries {
  static func offsets(of text: String, _ encoding: PositionEncoding) -> [Int] {
    var offsets = [0]
    for character in text {
      offsets.append((offsets.last ?? 0) + Marked.length(of: String(character), encoding))
    }
    return offsets
  }

  /// The selection as the library should normalise it: ordered, clamped, rounded down.
  static func rounded(_ selection: FieldSelection, in text: String, _ encoding: PositionEncoding)
    -> FieldSelection
  {
    let offsets = offsets(of: text, encoding)
    let low = max(0, min(selection.start, selection.end))
    let high = max(low, selection.start, selection.end)
    let round = { (offset: Int) in offsets.last { $0 <= offset } ?? 0 }
    return FieldSelection(start: round(low), end: round(high))
  }

  static func contains(_ selection: FieldSelection, in text: String, _ encoding: PositionEncoding)
    -> Bool
  {
    let offsets = Set(offsets(of: text, encoding))
    return selection.start <= selection.end && offsets.contains(selection.start)
      && offsets.contains(selection.end)
  }
}

/// The decimal digits of a text as ASCII, read the plain way.
func decimalDigits(of text: String) -> [Character] {
  text.unicodeScalars.compactMap { scalar in
    guard scalar.properties.numericType == .decimal, let value = scalar.properties.numericValue
    else { return nil }
    return Character(String(Int(value)))
  }
}

/// Whether `part` appears in `whole` in order, not necessarily together.
func isSubsequence<T: Equatable>(_ part: [T], of whole: [T]) -> Bool {
  var remaining = part[...]
  for element in whole where element == remaining.first {
    remaining = remaining.dropFirst()
  }
  return remaining.isEmpty
}

/// One drawn case: a field state before an edit, and the edit.
struct RandomCase: CustomStringConvertible {
  var encoding: PositionEncoding
  var text: String
  var selection: FieldSelection
  var edit: FieldEdit

  static let options = FieldOptions(maxLength: 12)

  /// `count` cases from a fixed seed; `formatted` draws start from text the kind has formatted.
  static func draw(
    _ count: Int, seed: UInt64, formattedFor kind: FieldKind? = nil
  ) -> [RandomCase] {
    var random = RandomField(seed: seed)
    return (0..<count).map { _ in
      let encoding = random.encoding()
      var text = random.text()
      if let kind, random.int(0...1) == 0 {
        text =
          kind.format(text, selection: .caret(0), options: options, context: session(.en, encoding))
          .text
      }
      let selection = random.selection(in: text, encoding)
      return RandomCase(
        encoding: encoding, text: text, selection: selection, edit: random.edit(in: text, encoding))
    }
  }

  var context: FieldContext { session(.en, encoding) }

  var description: String { "\(text.debugDescription) \(selection) \(edit) \(encoding)" }
}

extension FieldKind {
  func format(_ sample: RandomCase) -> FieldResult {
    format(
      sample.text, selection: sample.selection, options: RandomCase.options, context: sample.context
    )
  }

  func edit(_ sample: RandomCase) -> FieldResult {
    edit(
      sample.text, selection: sample.selection, edit: sample.edit, options: RandomCase.options,
      context: sample.context)
  }

  /// Formats a result again, in the case's session.
  func reformat(_ result: FieldResult, as sample: RandomCase) -> FieldResult {
    format(
      result.text, selection: result.selection, options: RandomCase.options, context: sample.context
    )
  }
}
