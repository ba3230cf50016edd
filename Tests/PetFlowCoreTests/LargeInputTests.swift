// A 1 MiB paste or text goes through every path; the code is linear, speed is measured elsewhere.
@_spi(Engine) import PetFlowCore
import Testing

@Suite struct LargeInputTests {
  static let mebibyte = 1 << 20
  /// Named so a failure prints a name, not a mebibyte.
  static let samples = [
    "digits": String(repeating: "1234567890", count: mebibyte / 10),
    "letters": String(repeating: "abcdefgh", count: mebibyte / 8),
    "emoji": String(repeating: "🐶👍🏽é", count: mebibyte / 14),
    "arabicDigits": String(repeating: "٣", count: mebibyte / 2),
  ]

  static func sample(_ name: String) -> String { samples[name] ?? "" }

  @Test func pasteOfAMebibyteOfDigitsFillsTheChipNumber() {
    let result = FieldKind.chipNumber.edit("|", .insert(Self.sample("digits")))
    #expect(result.marked == "12345-67890-12345|")
    #expect(result.truncated)
  }

  @Test(arguments: ["letters", "emoji"])
  func pasteOfAMebibyteOfJunkIsRejected(name: String) {
    let result = FieldKind.chipNumber.edit("12|3", .insert(Self.sample(name)))
    #expect(result.rejected)
    #expect(!result.truncated)
  }

  @Test(arguments: ["digits", "letters", "emoji", "arabicDigits"])
  func formatOfAMebibyteWithCaretAtTheEndFillsTheChipNumber(name: String) {
    let text = Self.sample(name)
    let result = FieldKind.chipNumber.format(
      text, selection: .caret(text.utf16.count), options: FieldOptions(), context: session())
    let (length, caret) = (result.text.utf16.count, result.selection.end)
    #expect(length <= 17)
    #expect(caret == length)
  }

  @Test(arguments: ["digits", "letters", "emoji", "arabicDigits"])
  func formatOfAMebibyteKeepsItInTheOtherMaskedKinds(name: String) {
    let text = Self.sample(name)
    for kind in [FieldKind.phone, .date, .latitude, .age] {
      let result = kind.format(
        text, selection: .caret(text.utf16.count), options: FieldOptions(), context: session())
      let (length, caret) = (result.text.utf16.count, result.selection.end)
      // Only spaces could have been left out, and there are none; digits of other scripts
      // become ASCII, one code unit each, and a date of digits draws its two hyphens.
      let typed = name == "arabicDigits" ? text.count : text.utf16.count
      let drawn = kind == .date && name.hasSuffix("igits") ? 2 : 0
      #expect(length == typed + drawn)
      #expect(caret == length)
      #expect(result.value == nil)
      #expect(result.error != nil)
    }
  }

  @Test(arguments: ["digits", "emoji"])
  func pasteOfAMebibyteIntoUncappedText(name: String) {
    let paste = Self.sample(name)
    let result = FieldKind.text.edit("a|b", .insert(paste))
    let (textLength, pasteLength) = (result.text.utf8.count, paste.utf8.count)
    let (caret, expectedCaret) = (result.selection, FieldSelection.caret(paste.utf16.count + 1))
    #expect(textLength == pasteLength + 2)
    #expect(caret == expectedCaret)
  }

  @Test func pasteOfAMebibyteIntoCappedText() {
    let result = FieldKind.text.edit(
      "ab|", .insert(Self.sample("emoji")), options: FieldOptions(maxLength: 500))
    let clusters = result.text.count
    #expect(clusters == 500)
    #expect(result.truncated)
  }

  @Test func pasteOfAMebibyteIntoEmailKeepsItAndSaysItIsTooLong() {
    let result = FieldKind.email.edit("|", .insert(Self.sample("letters")))
    #expect(result.text.utf8.count == Self.mebibyte)
    #expect(result.error?.code == "email.tooLong")
  }

  @Test(arguments: [(PositionEncoding.utf8, 0), (.utf16, 0), (.utf32, 1)])
  func formatOfAMebibyteOfTextInEachEncoding(encoding: PositionEncoding, start: Int) {
    // Offset 1 is inside the first emoji in UTF-8 and UTF-16, right after it in UTF-32.
    let text = Self.sample("emoji")
    let result = FieldKind.text.format(
      text, selection: FieldSelection(start: 1, end: Int.max), options: FieldOptions(),
      context: session(.en, encoding))
    let expected = FieldSelection(start: start, end: Marked.length(of: text, encoding))
    #expect(result.selection == expected)
  }

  @Test func mebibyteOfSpeciesTextIsUnknown() {
    let code = FieldKind.species.read(.text(Self.sample("letters"))).error?.code
    #expect(code == "species.unknown")
  }
}
