// Random field texts, offsets, selections and edits from a seeded generator, for property tests.
@_spi(Engine) import PetFlowCore
import TestSupport

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
