/// What a client needs to draw a field of one kind: label, placeholder, keyboard, limits, choices.
public struct FieldKindInfo: Sendable {
  public let kind: FieldKind
  let label: LocalizedText
  /// Shown in an empty control.
  let placeholder: LocalizedText
  /// "numberPad", "phonePad", "emailAddress", "decimalPad", "default" or "none".
  public let keyboard: String
  /// The most significant characters the kind keeps (digits, or clusters for email); nil when
  /// only a request's options can say (text) or nothing applies.
  public let maxLength: Int?
  /// The allowed choices of species and gender; empty for other kinds.
  public let options: [FieldOption]

  public func label(in locale: Locale) -> String { label.text(in: locale) }

  public func placeholder(in locale: Locale) -> String { placeholder.text(in: locale) }
}
