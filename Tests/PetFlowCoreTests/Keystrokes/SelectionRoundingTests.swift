// A range's start rounds down and its end rounds up to cluster boundaries; a caret rounds down.
@_spi(Engine) import PetFlowCore
import Testing

@Suite struct SelectionRoundingTests {
  /// `ab👍🏽cd` in UTF-16: `👍` is 2..<4, `🏽` 4..<6, and the cluster 2..<6.
  let text = "ab👍🏽cd"

  @Test func rangeInsideAnEmojiCoversAllOfIt() {
    let result = FieldKind.text.edit(
      text, selection: FieldSelection(start: 3, end: 5), edit: .deleteBackward,
      options: FieldOptions(), context: session())
    #expect(result.text == "abcd")
    #expect(result.selection == .caret(2))
  }

  @Test func formatWidensARangeToWholeClusters() {
    let result = FieldKind.text.format(
      text, selection: FieldSelection(start: 1, end: 3), options: FieldOptions(),
      context: session())
    #expect(result.selection == FieldSelection(start: 1, end: 6))
  }

  @Test func caretInsideAnEmojiRoundsDown() {
    let result = FieldKind.text.format(
      text, selection: .caret(5), options: FieldOptions(), context: session())
    #expect(result.selection == .caret(2))
  }

  @Test func rangeEndingBetweenCarriageReturnAndLineFeedCoversTheLineFeed() {
    let result = FieldKind.text.format(
      "a\r\nb", selection: FieldSelection(start: 0, end: 2), options: FieldOptions(),
      context: session())
    #expect(result.selection == FieldSelection(start: 0, end: 3))
  }

  @Test func replaceRangeInsideAnEmojiReplacesAllOfIt() {
    let result = FieldKind.text.edit(
      text, selection: .caret(0), edit: .replace(start: 3, end: 4, text: "x"),
      options: FieldOptions(), context: session())
    #expect(result.text == "abxcd")
  }
}
