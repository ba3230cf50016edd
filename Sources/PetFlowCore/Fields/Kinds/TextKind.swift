/// The text kind: free text, capped at `options.maxLength` grapheme clusters when a field gives
/// one. The cap is hard (the seeds' rule, the other exception to keeping what is typed): text past
/// it is cut, with `truncated`, never an error.
extension KindDeclaration {
  /// Free text, cut at ``FieldOptions/maxLength`` grapheme clusters when a field gives one.
  static let text = KindDeclaration(
    label: LocalizedText(en: "Text", pl: "Tekst"),
    hint: LocalizedText(en: "", pl: ""),
    keyboard: .default, editing: .freeText(.text), required: FieldError(.textRequired),
    codes: [.textRequired], examples: ["x"])
}

/// The kind's error codes, each with its message in every shipped language.
extension ErrorCode {
  package static let textRequired = ErrorCode(
    "text.required", LocalizedText(en: "This field is required", pl: "To pole jest wymagane"))
}
