// What a keystroke's answer says about characters left out: rejected, dropped and truncated each
// mean one thing.
@_spi(Engine) import PetFlowCore
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

  @Test(
    "Outside the chip number and capped text, what is typed is kept and judged, never flagged",
    arguments: [
      (FieldKind.latitude, "52|.1", "-", "52-|.1", "latitude.invalid"),
      (.latitude, "52.1|", ",", "52.1.|", "latitude.invalid"),
      (.phone, "+48123|", "+", "+48123+|", "phone.invalid"),
      (.latitude, "52.123456|", "7", "52.1234567|", nil),
      (.age, "1|", "a", "1a|", "age.invalid"),
    ] as [(FieldKind, String, String, String, String?)])
  func keptCharactersAreNeitherDroppedNorTruncated(
    kind: FieldKind, before: String, typed: String, after: String, code: String?
  ) {
    let result = kind.edit(before, .insert(typed))
    #expect(result.marked == after)
    #expect(!result.rejected && !result.dropped && !result.truncated)
    #expect(result.error?.code == code)
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
