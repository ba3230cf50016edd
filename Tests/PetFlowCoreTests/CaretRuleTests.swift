// The caret rules 1 to 11, each its own test, on the chip number.
@_spi(Engine) import PetFlowCore
import Testing

@Suite struct CaretRuleTests {
  let chip = FieldKind.chipNumber

  @Test func typingSixthDigitAddsHyphenBeforeIt() {
    #expect(chip.edit("12345|", .insert("6")).marked == "12345-6|")
  }

  @Test func typingFifthDigitAddsNoHyphen() {
    #expect(chip.edit("1234|", .insert("5")).marked == "12345|")
  }

  @Test func backspaceAfterHyphenDeletesDigitBeforeIt() {
    #expect(chip.edit("12345-|67890", .deleteBackward).marked == "1234|6-7890")
  }

  @Test func forwardDeleteBeforeHyphenDeletesDigitAfterIt() {
    #expect(chip.edit("12345|-67890", .deleteForward).marked == "12345-|7890")
  }

  @Test func caretStaysRightAfterTypedDigitBeforeHyphen() {
    #expect(chip.edit("1234|5-67890", .insert("9")).marked == "12349|-56789-0")
  }

  @Test func digitTypedBeforeHyphenLandsAfterIt() {
    #expect(chip.edit("12345|-67890", .insert("0")).marked == "12345-0|6789-0")
  }

  @Test func pasteKeepsOnlyDigitsAndCaretFollowsThem() {
    #expect(chip.edit("12345-|67890", .insert(" 9a8-7 ")).marked == "12345-987|67-890")
  }

  @Test func pastedArabicIndicDigitsBecomeASCII() {
    #expect(chip.edit("|", .insert("١٢٣٤٥٦")).marked == "12345-6|")
  }

  @Test func typingIntoFullFieldIsRejected() {
    let result = chip.edit("12|345-67890-12345", .insert("9"))
    #expect(result.rejected)
    #expect(result.marked == "12|345-67890-12345")
    #expect(result.value == .string("123456789012345"))
  }

  @Test func pasteIntoNearlyFullFieldInsertsWhatFits() {
    let result = chip.edit("12345-67890-12|", .insert("3456789"))
    #expect(result.marked == "12345-67890-12345|")
    #expect(result.truncated)
    #expect(!result.rejected)
  }

  @Test func typingReplacesSelectionAcrossHyphen() {
    #expect(chip.edit("123[45-67]890", .insert("0")).marked == "1230|8-90")
  }

  @Test func backspaceWithSelectionDeletesJustTheSelection() {
    #expect(chip.edit("123[45-67]890", .deleteBackward).marked == "123|89-0")
  }

  @Test func forwardDeleteWithSelectionDeletesJustTheSelection() {
    #expect(chip.edit("1[23]45-67890", .deleteForward).marked == "1|4567-890")
  }

  @Test func backspaceOverSelectedHyphenOnlyCollapsesBeforeIt() {
    let result = chip.edit("12345[-]67890", .deleteBackward)
    #expect(result.marked == "12345|-67890")
    #expect(!result.rejected)
  }

  @Test func formatAddsHyphenAndKeepsCaretAfterSameDigit() {
    let result = chip.format("123456|")
    #expect(result.text == "12345-6")
    #expect(result.selection == .caret(7))
  }

  @Test func formatLeavesFormattedNumberAsIs() {
    let result = chip.format("12345-67890-12345|")
    #expect(result.marked == "12345-67890-12345|")
    #expect(!result.truncated)
  }

  @Test func formatTruncatesOverlongNumber() {
    let result = chip.format("1234567890123456789|")
    #expect(result.marked == "12345-67890-12345|")
    #expect(result.truncated)
  }

  @Test func formatKeepsACaretAfterAHyphenAfterIt() {
    // What forward delete answers must survive an onChange echo through field/format.
    #expect(chip.format("12345-|7890").marked == "12345-|7890")
  }

  @Test func formatPutsACaretAfterJunkBeforeTheNextDigit() {
    #expect(chip.format("12345x|67890").marked == "12345-|67890")
  }

  @Test func formatKeepsACaretAfterADigitBeforeTheHyphen() {
    #expect(chip.format("12345|-7890").marked == "12345|-7890")
  }

  @Test func formatKeepsASelectionThatStartsRightAfterADigit() {
    // Found by the field fuzzer: the start used to move past the hyphen on a re-format.
    #expect(chip.format("13010[-71111]").marked == "13010[-71111]")
  }

  @Test func formatKeepsASelectionThatStartsAfterAHyphen() {
    #expect(chip.format("13010-[71111]").marked == "13010-[71111]")
  }
}
