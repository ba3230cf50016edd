/// What a client needs to draw a field of one kind: label, placeholder, keyboard, limits, choices.
public struct FieldKindInfo: Sendable {
  public let kind: FieldKind
  /// Shown in an empty control; the same in every locale.
  public let placeholder: String
  /// "numberPad", "phonePad", "emailAddress", "decimalPad", "default" or "none".
  public let keyboard: String
  /// The most significant characters the kind keeps (digits, or clusters for email); nil when
  /// only a request's options can say (text) or nothing applies.
  public let maxLength: Int?
  /// The allowed choices of species and gender; empty for other kinds.
  public let options: [FieldOption]
  /// False for photo, which has no text to edit: never send it to format or edit.
  public var isTextEdited: Bool { kind.isTextEdited }

  public func label(in locale: Locale) -> String {
    MessageCatalog.template("label.\(kind.rawValue)", in: locale)
  }
}

extension FieldKind {
  public var info: FieldKindInfo {
    switch self {
    case .chipNumber: return info("00000-00000-00000", "numberPad", 15)
    case .phone: return info("+48123456789", "phonePad", MaskSanitizer.phoneDigits)
    case .email: return info("name@example.com", "emailAddress", Self.emailLimit)
    case .latitude: return info("52.2297", "decimalPad", MaskRules.coordinate.unitLimit)
    case .longitude: return info("21.0122", "decimalPad", MaskRules.coordinate.unitLimit)
    case .age: return info("0", "numberPad", 3)
    case .date: return info("YYYY-MM-DD", "numberPad", 8)
    case .species: return info("", "default", nil, options: FieldOption.species)
    case .gender: return info("", "default", nil, options: FieldOption.genders)
    case .text: return info("", "default", nil)
    case .photo: return info("", "none", nil)
    }
  }

  /// False for photo, which has no text to edit (asked on every keystroke, so answered
  /// without building the whole `info`).
  public var isTextEdited: Bool { self != .photo }

  private func info(
    _ placeholder: String, _ keyboard: String, _ maxLength: Int?, options: [FieldOption] = []
  ) -> FieldKindInfo {
    FieldKindInfo(
      kind: self, placeholder: placeholder, keyboard: keyboard, maxLength: maxLength,
      options: options)
  }
}
