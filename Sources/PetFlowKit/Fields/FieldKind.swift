/// The kinds of field petflowd formats and validates.
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
    case .species, .gender: return .freeText(cap: nil)
    case .photo: return .none
    }
  }
}
