// `FieldKind.change` (the typed API, UIKit's edit) against the engine's own keys: an empty
// replacement of one character at the caret must be Backspace or Delete, caret rules and all.
// Here rather than in PetFlowKitAPITests, whose `import PetFlowKit` cannot see the keys
// (`FieldEdit` is the engine's, `@_spi(Engine)`).
@_spi(Engine) import PetFlowCore
import PetFlowKit
import Testing

@Suite struct TypedChangeKeysTests {
  let chip = FieldKind.chipNumber

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
}
