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

  /// UIKit's Backspace after the hyphen asks to replace the hyphen (5..<6) with nothing, its
  /// forward Delete before it the same range: each is the key, whose caret rules move past the
  /// hyphen to the digit it stands for (Backspace deletes the 5, Delete the 6).
  @Test(
    "An empty replacement of one character at the caret is that key",
    arguments: [
      (caret: 6, key: FieldEdit.deleteBackward, digits: "12346"), (5, .deleteForward, "12345"),
    ])
  func emptyReplacementAtTheCaretIsTheKey(caret: Int, key: FieldEdit, digits: String) {
    let text = "12345-6"
    let change = chip.change(text: text, selection: caret..<caret, range: 5..<6, replacement: "")
    let pressed = chip.edit(
      text, selection: .caret(caret), edit: key, options: FieldOptions(),
      context: FieldContext(today: .unixEpoch))
    #expect(change.text == pressed.text)
    #expect(change.caret == pressed.selection.end)
    #expect(change.value == .string(digits))
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

  @Test func offsetsCountUTF16CodeUnits() {
    // An emoji is two UTF-16 code units: the caret after it is 2, after the typed letter 3.
    let change = FieldKind.text.change(
      text: "😀", selection: 2..<2, range: 2..<2, replacement: "a")
    #expect(change.text == "😀a")
    #expect(change.caret == 3)
  }
}
