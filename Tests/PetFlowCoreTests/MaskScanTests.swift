// The shortcuts of the keystroke path agree with the general path on seeded random texts.
@_spi(Engine) import PetFlowCore
import Testing

@Suite struct MaskScanTests {
  static let grammars: [KeptGrammar] = [
    .phone, .age, .date, .coordinate(.latitude), .coordinate(.longitude),
  ]
  /// ASCII a masked field meets: digits, signs, separators, letters, and line breaks alone and
  /// as CR LF (one cluster, the only ASCII pair that is).
  static let asciiPieces = [
    "0", "1", "5", "9", "12345", "-", "+", ".", ",", " ", "a", "Z", "(", "\r\n", "\r", "\n", "\t",
  ]

  @Test func noScalarBelowU300ExtendsACluster() {
    for value in UInt32(0)..<0x300 {
      guard let scalar = Unicode.Scalar(value) else { continue }
      #expect(!scalar.properties.isGraphemeExtend && scalar != "\u{200D}", "\(value)")
    }
  }

  @Test(arguments: PositionEncoding.allCases)
  func asciiPathAgreesWithGeneralPath(encoding: PositionEncoding) {
    var random = RandomField(seed: 21)
    for _ in 0..<2_000 {
      let text = Self.text(from: Self.asciiPieces, maxPieces: 14, &random)
      let selection = FieldSelection(
        start: Self.offset(in: text, &random), end: Self.offset(in: text, &random))
      let mask = ChipNumberGrammar.mask
      let scan = MaskScan(text, selection: selection, mask: mask, encoding: encoding)
      let general = MaskScan(
        text, selection: selection, mask: mask, encoding: encoding, asciiPath: false)
      #expect(scan.units == general.units, "\(text.debugDescription) \(selection)")
      #expect(scan.truncated == general.truncated, "\(text.debugDescription) \(selection)")
      #expect(scan.start == general.start, "\(text.debugDescription) \(selection)")
      #expect(scan.end == general.end, "\(text.debugDescription) \(selection)")
      for grammar in Self.grammars {
        let kept = KeptScan(text, selection: selection, grammar: grammar, encoding: encoding)
        let slow = KeptScan(
          text, selection: selection, grammar: grammar, encoding: encoding, asciiPath: false)
        #expect(kept.cells == slow.cells, "\(grammar) \(text.debugDescription) \(selection)")
        #expect(kept.start == slow.start, "\(grammar) \(text.debugDescription) \(selection)")
        #expect(kept.end == slow.end, "\(grammar) \(text.debugDescription) \(selection)")
      }
    }
  }

  /// Offsets between two ASCII characters skip grapheme breaking; the result must not show it.
  @Test(arguments: PositionEncoding.allCases)
  func freeTextRoundsOffsetsToCharacters(encoding: PositionEncoding) {
    var random = RandomField(seed: 22)
    let pieces = RandomField.pieces + ["\r\n", "\r", "\n", "a", "b"]
    for _ in 0..<1_000 {
      let text = Self.text(from: pieces, maxPieces: 10, &random)
      let selection = FieldSelection(
        start: Self.offset(in: text, &random), end: Self.offset(in: text, &random))
      let result = FieldKind.text.format(
        text, selection: selection, options: FieldOptions(), context: session(.en, encoding))
      #expect(
        result.selection == Boundaries.rounded(selection, in: text, encoding),
        "\(text.debugDescription) \(selection)")
    }
  }

  private static func text(from pieces: [String], maxPieces: Int, _ random: inout RandomField)
    -> String
  {
    (0..<random.int(0...maxPieces)).map { _ in pieces[random.int(0...(pieces.count - 1))] }
      .joined()
  }

  /// Anywhere in the UTF-8 of the text or a little past it, sometimes absurdly far.
  private static func offset(in text: String, _ random: inout RandomField) -> Int {
    random.int(0...20) == 0 ? Int.max : random.int(0...(text.utf8.count + 2))
  }
}
