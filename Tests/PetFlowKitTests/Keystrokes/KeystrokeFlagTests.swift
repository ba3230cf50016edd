// What a keystroke's answer says about characters left out: rejected, dropped and truncated each
// mean one thing.
import PetFlowKit
import Testing

@Suite struct KeystrokeFlagTests {
  let chip = FieldKind.chipNumber

  @Test func junkInAPasteIsDroppedAndSaidSo() {
    let result = chip.edit("12345-|67890", .insert(" 9a8-7 "))
    #expect(result.dropped)
    #expect(!result.truncated)
    #expect(!result.rejected)
  }

  @Test func separatorsAloneAreLeftOutWithoutAWord() {
    let result = chip.edit("12345-|67890", .insert(" 98-7 "))
    #expect(!result.dropped)
    #expect(result.marked == "12345-987|67-890")
  }

  @Test func junkTypedOverASelectionIsRejectedAndKeepsTheSelection() {
    let result = chip.edit("123[45-67]890", .insert("x"))
    #expect(result.rejected)
    #expect(result.dropped)
    #expect(result.marked == "123[45-67]890")
  }

  @Test func junkTypedAtACaretIsRejectedAndDropped() {
    let result = chip.edit("123|", .insert("a"))
    #expect(result.rejected)
    #expect(result.dropped)
    #expect(result.marked == "123|")
  }

  @Test func digitPastTheLimitIsTruncatedNotDropped() {
    let result = chip.edit("12345-67890-12345|", .insert("6"))
    #expect(result.rejected)
    #expect(result.truncated)
    #expect(!result.dropped)
  }

  @Test func minusInsideALatitudeIsDroppedNotTruncated() {
    let result = FieldKind.latitude.edit("52|.1", .insert("-"))
    #expect(result.rejected)
    #expect(result.dropped)
    #expect(!result.truncated)
  }

  @Test func secondDecimalSeparatorIsDroppedNotTruncated() {
    let result = FieldKind.latitude.edit("52.1|", .insert(","))
    #expect(result.rejected)
    #expect(result.dropped)
    #expect(!result.truncated)
  }

  @Test func secondPlusInAPhoneIsDroppedNotTruncated() {
    let result = FieldKind.phone.edit("+48123|", .insert("+"))
    #expect(result.rejected)
    #expect(result.dropped)
    #expect(!result.truncated)
  }

  @Test func seventhDecimalIsTruncated() {
    let result = FieldKind.latitude.edit("52.123456|", .insert("7"))
    #expect(result.rejected)
    #expect(result.truncated)
    #expect(!result.dropped)
  }

  @Test func formatSaysWhenJunkWasDropped() {
    #expect(chip.format("12a345|").dropped)
    #expect(!chip.format("12 34-5|").dropped)
    #expect(FieldKind.phone.format("+48 (123) 456-789|").dropped == false)
    #expect(FieldKind.date.format("2026/11/20|").dropped == false)
  }

  @Test func formatSaysWhenNonASCIIJunkWasDropped() {
    #expect(chip.format("١٢٣ab|").dropped)
    #expect(!chip.format("١٢٣\u{00A0}٤|").dropped)
  }

  @Test func freeTextNeverDrops() {
    #expect(!FieldKind.text.edit("Rex|", .insert(" 🐶!")).dropped)
  }
}
