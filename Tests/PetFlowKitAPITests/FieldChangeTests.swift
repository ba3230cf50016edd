// The chip-number screen's scenarios (seeds 000, 001 and 002) through `FieldKind.change`, as a
// UITextField delegate hands each edit over: only the public API, offsets in UTF-16.
import PetFlowKit
import TestSupport
import Testing

@Suite struct FieldChangeTests {
  let chip = FieldKind.chipNumber

  /// Types `keys` one at a time at the caret, each answer the next edit's state, as a delegate
  /// does when it applies every answer.
  func typed(_ keys: String, into kind: FieldKind = .chipNumber) -> FieldChange {
    var state = kind.change(text: "", selection: 0..<0, range: 0..<0, replacement: "")
    for key in keys {
      state = kind.change(
        text: state.text, selection: state.selection, range: state.selection,
        replacement: String(key))
    }
    return state
  }

  @Test func typingTheSixthDigitDrawsTheHyphenAndPutsTheCaretAfterIt() {
    let change = chip.change(text: "12345", selection: 5..<5, range: 5..<5, replacement: "6")
    #expect(change.text == "12345-6")
    #expect(change.caret == 7)
    #expect(change.value == .string("123456"))
    #expect(change.error == nil)
  }

  @Test func typingKeyByKeyEndsAsTheSeedsFormatterShowsTheDigits() {
    let change = typed("123456789012345")
    #expect(change.text == "12345-67890-12345")
    #expect(change.caret == change.text.utf16.count)
    #expect(change.value == .string("123456789012345"))
  }

  @Test(
    "Seed 002's format table, pasted into an empty field", arguments: ChipNumberFormatTable.rows)
  func pastedRowShowsTheTablesText(input: String, stored: String?, display: String) {
    let change = chip.change(text: "", selection: 0..<0, range: 0..<0, replacement: input)
    #expect(change.text == display)
    #expect(change.value == stored.map(FieldValue.string))
  }

  @Test func lettersTypedIntoAChipNumberAreFilteredOut() {
    #expect(typed("12a34").text == "1234")
  }

  @Test func clearingARequiredChipNumberSaysWhyInTheLanguageAsked() {
    let required = FieldOptions(required: true)
    let english = chip.change(
      text: "1", selection: 1..<1, range: 0..<1, replacement: "", options: required)
    let polish = chip.change(
      text: "1", selection: 1..<1, range: 0..<1, replacement: "", language: .pl,
      options: required)
    #expect(english.error?.code == "chipNumber.required")
    #expect(polish.error?.code == "chipNumber.required")
    #expect(english.error?.message == english.error?.error.message(in: .en))
    #expect(polish.error?.message == polish.error?.error.message(in: .pl))
    #expect(english.error?.message != polish.error?.message)
  }

  /// SwiftUI hands over the whole text after an edit, not the edit: `format` lays it out as
  /// typing it key by key would, the caret at the end unless given.
  @Test func aWholeTextIsLaidOutAsTypingItWould() {
    let whole = chip.format("123456")
    #expect(whole.text == typed("123456").text)
    #expect(whole.caret == typed("123456").caret)
    #expect(chip.format("123456", caret: 3).caret == 3)
  }

  @Test func aWholeTextSaysWhyInTheLanguageAsked() {
    let polish = chip.format("", language: .pl, options: FieldOptions(required: true))
    #expect(polish.error?.code == "chipNumber.required")
    #expect(polish.error?.message == polish.error?.error.message(in: .pl))
  }

  @Test func offsetsCountUTF16CodeUnits() {
    // An emoji is two UTF-16 code units: the caret after it is 2, after the typed letter 3.
    let change = FieldKind.text.change(
      text: "😀", selection: 2..<2, range: 2..<2, replacement: "a")
    #expect(change.text == "😀a")
    #expect(change.caret == 3)
  }
}
