/// The kinds of field petflowd formats and validates, and what each is: how it is edited, and
/// what a UI draws it from. A new kind is a case here, its rules in FieldRules and its error
/// codes in ErrorCode (and its mask in MaskRules, if it has a new one).
public enum FieldKind: String, Sendable, CaseIterable {
  case chipNumber
  case phone
  case email
  case latitude
  case longitude
  case age
  case date
  case species
  case gender
  case text
  case photo
  /// One of the options its flow field declares, judged by option id (`FieldOptions.choices`).
  case choice

  /// How a kind is edited: through mask units, as free text, or not at all.
  enum Editing {
    case mask(MaskRules)
    case freeText(cap: Int?)
    case none
  }

  /// The most clusters an email address may have (RFC 5321's path limit).
  static let emailLimit = 254

  func editing(_ options: FieldOptions) -> Editing {
    switch self {
    case .chipNumber: return .mask(.chipNumber)
    case .phone: return .mask(.phone)
    case .age: return .mask(.age)
    case .date: return .mask(.date)
    case .latitude, .longitude: return .mask(.coordinate)
    case .email: return .freeText(cap: Self.emailLimit)
    case .text: return .freeText(cap: options.maxLength.map { max(0, $0) })
    case .species, .gender, .choice: return .freeText(cap: nil)
    case .photo: return .none
    }
  }

  public var info: FieldKindInfo {
    switch self {
    case .chipNumber:
      return info("Microchip number", "Numer mikroczipa", "00000-00000-00000", "numberPad", 15)
    case .phone:
      return info(
        "Phone number", "Numer telefonu", "+48123456789", "phonePad", MaskSanitizer.phoneDigits)
    case .email:
      return info("Email", "Adres e-mail", "name@example.com", "emailAddress", Self.emailLimit)
    case .latitude:
      return info(
        "Latitude", "Szerokość geograficzna", "52.2297", "decimalPad",
        MaskRules.coordinate.unitLimit)
    case .longitude:
      return info(
        "Longitude", "Długość geograficzna", "21.0122", "decimalPad",
        MaskRules.coordinate.unitLimit)
    case .age: return info("Age", "Wiek", "0", "numberPad", 3)
    case .date:
      return info("Date", "Data", "YYYY-MM-DD", "numberPad", 8, polishPlaceholder: "RRRR-MM-DD")
    case .species:
      return info("Species", "Gatunek", "", "default", nil, options: FieldOption.species)
    case .gender: return info("Gender", "Płeć", "", "default", nil, options: FieldOption.genders)
    case .text: return info("Text", "Tekst", "", "default", nil)
    case .photo: return info("Photo", "Zdjęcie", "", "none", nil)
    // Its options are the flow field's own: a step lists them with the field.
    case .choice: return info("Choice", "Wybór", "", "default", nil)
    }
  }

  /// A kind whose values only a flow's field declares (`choice`): the field methods, which have
  /// no flow, do not take it.
  public var isDeclaredByFlow: Bool { self == .choice }

  /// False for photo, which has no text to edit: it is set with flow values, never typed.
  public var isTextEdited: Bool { self != .photo }

  private func info(
    _ english: String, _ polish: String, _ placeholder: String, _ keyboard: String,
    _ maxLength: Int?, options: [FieldOption] = [], polishPlaceholder: String? = nil
  ) -> FieldKindInfo {
    FieldKindInfo(
      kind: self, label: LocalizedText(en: english, pl: polish),
      placeholder: LocalizedText(en: placeholder, pl: polishPlaceholder ?? placeholder),
      keyboard: keyboard, maxLength: maxLength, options: options)
  }
}
