@_spi(Engine) import PetFlowCore

extension FieldKind {
  /// Formats a field's whole text as SwiftUI's `TextField` hands it over (its binding's new
  /// value, not the edit): what the field shows, its value and error, as `field/format` answers.
  /// `caret` is where the caret was in `text`, in UTF-16 code units (by default its end); the
  /// answer's ``FieldChange/caret`` is where it goes in the formatted text.
  public func format(
    _ text: String, caret: Int? = nil, language: Language = .en,
    options: FieldOptions = FieldOptions(), today: CalendarDate = .unixEpoch
  ) -> FieldChange {
    FieldChange(
      format(
        text, selection: .caret(caret ?? text.utf16.count), options: options,
        context: FieldContext(today: today, language: language, encoding: .utf16)),
      language: language)
  }
}

extension FieldChange {
  /// The engine's answer as a control shows it: the selection ordered (the engine keeps its
  /// anchor first), the error with its message in `language`.
  init(_ result: FieldResult, language: Language) {
    let start = min(result.selection.start, result.selection.end)
    let end = max(result.selection.start, result.selection.end)
    self.init(
      text: result.text, selection: start..<end, value: result.value,
      error: result.error.map {
        FieldChange.Problem(code: $0.code, message: $0.message(in: language), error: $0)
      })
  }
}
