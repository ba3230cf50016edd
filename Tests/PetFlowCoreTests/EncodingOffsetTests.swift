// Offsets in UTF-8, UTF-16 and UTF-32: emoji before the caret, rounding inside characters, clamping.
@_spi(Engine) import PetFlowCore
import Testing

@Suite struct EncodingOffsetTests {
  @Test(
    "A dog emoji before the caret counts 2 in UTF-16, 4 in UTF-8, 1 in UTF-32",
    arguments: [(PositionEncoding.utf16, 2), (.utf8, 4), (.utf32, 1)])
  func emojiBeforeCaretInEachEncoding(encoding: PositionEncoding, caret: Int) {
    let result = FieldKind.text.edit("|", .insert("🐶"), encoding: encoding)
    #expect(result.text == "🐶")
    #expect(result.selection == .caret(caret))
  }

  @Test(
    "A caret after an emoji and a digit maps to one digit in every encoding",
    arguments: [(PositionEncoding.utf16, 3), (.utf8, 5), (.utf32, 2)])
  func maskCaretAfterEmojiInEachEncoding(encoding: PositionEncoding, offset: Int) {
    let result = FieldKind.chipNumber.format(
      "🐶123456", selection: .caret(offset), options: FieldOptions(),
      context: session(.en, encoding))
    #expect(result.text == "12345-6")
    #expect(result.selection == .caret(1))
  }

  @Test(
    "An offset inside a surrogate pair or a UTF-8 sequence rounds down to the emoji's start",
    arguments: [(PositionEncoding.utf16, 2), (.utf8, 2), (.utf8, 3), (.utf8, 4)])
  func offsetInsideScalarRoundsDown(encoding: PositionEncoding, offset: Int) {
    let result = FieldKind.text.format(
      "a🐶b", selection: .caret(offset), options: FieldOptions(), context: session(.en, encoding))
    #expect(result.selection == .caret(1))
  }

  @Test(
    "An offset inside a grapheme cluster rounds down to the cluster's start",
    arguments: [
      ("xe\u{301}y", 2, 1),  // between e and its combining accent
      ("x👍🏽y", 3, 1),  // between thumb and skin tone
      ("x🇵🇱y", 3, 1),  // between the two regional indicators
      ("x👨‍👩‍👧y", 4, 1),  // on the first zero-width joiner
      ("x👨‍👩‍👧y", 7, 1),  // inside the second person
    ])
  func offsetInsideClusterRoundsDown(text: String, offset: Int, expected: Int) {
    let result = FieldKind.text.format(
      text, selection: .caret(offset), options: FieldOptions(), context: session())
    #expect(result.selection == .caret(expected))
  }

  @Test(arguments: [5, 6, 1_000, Int.max])
  func offsetPastTheEndClampsToTheEnd(offset: Int) {
    let result = FieldKind.text.format(
      "abcd", selection: .caret(offset), options: FieldOptions(), context: session())
    #expect(result.selection == .caret(4))
  }

  @Test func maskOffsetPastTheEndClampsToTheEnd() {
    let result = FieldKind.chipNumber.format(
      "123456", selection: .caret(Int.max), options: FieldOptions(), context: session())
    #expect(result.selection == .caret(7))
  }

  @Test func negativeOffsetClampsToTheStart() {
    let result = FieldKind.text.format(
      "abcd", selection: FieldSelection(start: -5, end: 2), options: FieldOptions(),
      context: session())
    #expect(result.selection == FieldSelection(start: 0, end: 2))
  }

  @Test func reversedSelectionIsSwapped() {
    let result = FieldKind.text.format(
      "abcd", selection: FieldSelection(start: 3, end: 1), options: FieldOptions(),
      context: session())
    #expect(result.selection == FieldSelection(start: 1, end: 3))
  }

  @Test(
    "Backspace and forward delete remove one whole grapheme cluster",
    arguments: ["👍🏽", "🇵🇱", "👨‍👩‍👧", "e\u{301}", "🐶", "\r\n"], [FieldEdit.deleteBackward, .deleteForward])
  func deleteRemovesWholeCluster(cluster: String, edit: FieldEdit) {
    let before = edit == .deleteBackward ? "ab\(cluster)|cd" : "ab|\(cluster)cd"
    #expect(FieldKind.text.edit(before, edit).marked == "ab|cd")
  }

  @Test(
    "Edits on a mask field read offsets in the session's encoding",
    arguments: [(PositionEncoding.utf16, 7), (.utf8, 9), (.utf32, 6)])
  func maskEditAfterEmojiInEachEncoding(encoding: PositionEncoding, offset: Int) {
    // The control still holds an unformatted emoji; the caret is after "🐶12345".
    let result = FieldKind.chipNumber.edit(
      "🐶123456", selection: .caret(offset), edit: .insert("9"), options: FieldOptions(),
      context: session(.en, encoding))
    #expect(result.marked == "12345-9|6")
  }

  @Test func replaceOffsetsCountInTheSessionEncoding() {
    let result = FieldKind.text.edit(
      "🐶🐱🐭", selection: .caret(0), edit: .replace(start: 4, end: 8, text: "🦊"),
      options: FieldOptions(), context: session(.en, .utf8))
    #expect(result.text == "🐶🦊🐭")
    #expect(result.selection == .caret(8))
  }

  @Test func insertedCombiningMarkJoinsClusterAndCaretGoesAfterIt() {
    let result = FieldKind.text.edit("e|x", .insert("\u{301}"))
    #expect(result.text == "e\u{301}x")
    #expect(result.selection == .caret(2))
  }

  @Test func typingWithCaretInsideFlagInsertsBeforeTheFlag() {
    // The caret arrives between the two regional indicators and rounds down to the flag's start.
    let result = FieldKind.text.edit(
      "🇵🇱", selection: .caret(2), edit: .insert("x"), options: FieldOptions(), context: session())
    #expect(result.text == "x🇵🇱")
    #expect(result.selection == .caret(1))
  }
}
