// The fixed session facts tests run under, and short ways to drive a field kind.
@_spi(Engine) import PetFlowCore

/// A test's date, written as ISO text; a typo in a test is a test bug, so it may stop the run.
func day(_ iso: String) -> CalendarDate {
  guard let date = CalendarDate(iso: iso) else { preconditionFailure("not a date: \(iso)") }
  return date
}

/// Today in every test session unless a test says otherwise.
let testToday = day("2026-11-22")

func session(_ language: Language = .en, _ encoding: PositionEncoding = .utf16) -> FieldContext {
  FieldContext(today: testToday, language: language, encoding: encoding)
}

extension FieldKind {
  /// field/edit on a marked pre-edit state, e.g. `edit("12345-|67890", .deleteBackward)`.
  func edit(
    _ marked: String, _ edit: FieldEdit, options: FieldOptions = FieldOptions(),
    encoding: PositionEncoding = .utf16
  ) -> FieldResult {
    let state = Marked(marked, encoding: encoding)
    return self.edit(
      state.text, selection: state.selection, edit: edit, options: options,
      context: session(.en, encoding))
  }

  /// field/format on marked post-edit text, e.g. `format("123456|")`.
  func format(
    _ marked: String, options: FieldOptions = FieldOptions(), encoding: PositionEncoding = .utf16
  ) -> FieldResult {
    let state = Marked(marked, encoding: encoding)
    return format(
      state.text, selection: state.selection, options: options, context: session(.en, encoding))
  }

  /// A whole value read under the test session.
  func read(_ input: FieldInput, options: FieldOptions = FieldOptions()) -> FieldReading {
    read(input, options: options, context: session())
  }

  /// field/validate of a value as a flow stores it.
  func validate(
    _ value: FieldValue?, options: FieldOptions = FieldOptions(), context: FieldContext = session()
  ) -> FieldError? {
    readStored(value.map(FieldKind.input(for:)) ?? .null, options: options, context: context).error
  }
}

extension FieldValue {
  /// A decimal as a flow stores it, from its text (`"52.2297"`); a typo in a test stops the run.
  static func decimal(_ text: String) -> FieldValue {
    guard let number = DecimalNumber(text) else { preconditionFailure("not a decimal: \(text)") }
    return .decimal(number)
  }
}

extension FieldResult {
  /// The result written with markers, for comparing with the examples.
  var marked: String { Marked(self).rendered() }
}
