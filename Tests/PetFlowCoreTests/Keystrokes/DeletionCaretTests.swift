// After a deletion the caret stays where the deleted text began, as a native control leaves it.
@_spi(Engine) import PetFlowCore
import Testing

@Suite struct DeletionCaretTests {
  let chip = FieldKind.chipNumber

  @Test func backspaceOfDigitAfterHyphenLeavesCaretAfterHyphen() {
    #expect(chip.edit("12345-6|7890", .deleteBackward).marked == "12345-|7890")
  }

  @Test func forwardDeleteOfSelectionAfterHyphenLeavesCaretAfterHyphen() {
    #expect(chip.edit("42238-61625-[89]6", .deleteForward).marked == "42238-61625-|6")
  }

  @Test func backspaceOfSelectionAfterHyphenLeavesCaretAfterHyphen() {
    #expect(chip.edit("12345-[67]890", .deleteBackward).marked == "12345-|890")
  }

  @Test func selectionStartingBeforeHyphenLeavesCaretBeforeIt() {
    #expect(chip.edit("12345[-67]890", .deleteBackward).marked == "12345|-890")
  }

  @Test func cutAsEmptyReplaceLeavesCaretWhereTheRangeBegan() {
    let result = chip.edit("12345-|67890", .replace(start: 6, end: 8, text: ""))
    #expect(result.marked == "12345-|890")
  }

  @Test func backspaceOfDigitBeforeHyphenStillDeletesAcrossIt() {
    // Rule 2 of the caret table, unchanged.
    #expect(chip.edit("12345-|67890", .deleteBackward).marked == "1234|6-7890")
  }

  @Test func forwardDeleteBeforeHyphenStillDeletesTheDigitAfterIt() {
    // Rule 3 of the caret table, unchanged.
    #expect(chip.edit("12345|-67890", .deleteForward).marked == "12345-|7890")
  }

  @Test func backspaceInADateLeavesCaretAfterTheHyphenAndTheDayInPlace() {
    #expect(FieldKind.date.edit("2026-1|1-20", .deleteBackward).marked == "2026-|1-20")
  }
}
