import PetFlowKit

/// A chip number typed key by key, as a `UITextField` delegate sees it: each key arrives as
/// `textField(_:shouldChangeCharactersIn:replacementString:)` hands it over (the range at the
/// caret, the key), and the delegate shows the answer's text and caret before the next key.
/// A letter is filtered out; Backspace (⌫) is an empty replacement of the character before the
/// caret, and after the hyphen it deletes the digit before it, as `field/edit` does.
enum ChipNumberTyping {
  static func run() {
    print("== chip number, key by key (text|caret)")
    var text = ""
    var caret = 0
    for key in ["1", "2", "3", "4", "5", "6", "x", "7", "⌫", "⌫"] {
      let isBackspace = key == "⌫"
      let range = isBackspace ? max(caret - 1, 0)..<caret : caret..<caret
      let change = FieldKind.chipNumber.change(
        text: text, selection: caret..<caret, range: range, replacement: isBackspace ? "" : key)
      text = change.text
      caret = change.caret
      print("\(key) -> \(shown(text, caret: caret)) value \(describe(change.value))")
    }
  }

  /// The text with a bar at the caret (UTF-16 offset), as the field draws it.
  static func shown(_ text: String, caret: Int) -> String {
    let units = Array(text.utf16)
    let cut = min(max(caret, 0), units.count)
    let before = String(decoding: units[..<cut], as: UTF16.self)
    let after = String(decoding: units[cut...], as: UTF16.self)
    return "\"\(before)|\(after)\""
  }
}
