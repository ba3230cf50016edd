import PetFlowKit

/// A chip number as a SwiftUI `TextField` hands it over: the whole text after each edit rather
/// than the edit, so the field asks `format` (field/format) and shows the text it answers, as
/// the documentation's Getting started article's `ChipNumberField` does.
enum ChipNumberWholeText {
  static func run() {
    print("== chip number, the whole text after each edit (text -> shown, error)")
    for typed in ["1", "123456", "12345-6x", "12345678901234567890"] {
      let result = FieldKind.chipNumber.format(typed)
      print("\(typed) -> \"\(result.text)\", \(result.error?.message ?? "no error")")
    }
  }
}
