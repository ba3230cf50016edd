/// A failed validation: a stable code, its parameters, and a message looked up by code.
public struct FieldError: Equatable, Sendable {
  /// One named parameter; the order is the order the catalog documents.
  public struct Param: Equatable, Sendable {
    public let name: String
    public let value: ErrorParam

    package init(_ name: String, _ value: ErrorParam) {
      self.name = name
      self.value = value
    }
  }

  let errorCode: ErrorCode
  public let params: [Param]

  package init(_ code: ErrorCode, _ params: [Param] = []) {
    errorCode = code
    self.params = params
  }

  /// An error whose parameters are the bounds the value broke.
  static func bounds(_ code: ErrorCode, min: Int? = nil, max: Int? = nil) -> FieldError {
    var params: [Param] = []
    if let min { params.append(Param("min", .int(min))) }
    if let max { params.append(Param("max", .int(max))) }
    return FieldError(code, params)
  }

  /// The stable code, e.g. `phone.tooShort`.
  public var code: String { errorCode.rawValue }

  /// The message in `locale`, each `{name}` that names a parameter filled in (other braces stay
  /// as written). A message is a sentence: a parameter that opens it (a Polish month's name,
  /// written in lower case) starts with a capital.
  public func message(in locale: Locale) -> String {
    let template = errorCode.message(for: params).text(in: locale)
    guard !params.isEmpty, template.contains("{") else { return template }
    // Every piece but the first followed a `{`: a placeholder when a parameter's name ends at `}`.
    let pieces = template.split(separator: "{", omittingEmptySubsequences: false)
    var message = String(pieces.first ?? "")
    for piece in pieces.dropFirst() {
      if let close = piece.firstIndex(of: "}"),
        let param = params.first(where: { $0.name == piece[..<close] })
      {
        message += param.value.text(in: locale) + piece[piece.index(after: close)...]
      } else {
        message += "{" + piece
      }
    }
    guard template.first == "{", let first = message.first else { return message }
    return first.uppercased() + message.dropFirst()
  }
}

/// A value interpolated into an error message: clients may also read it to build their own text.
public enum ErrorParam: Equatable, Sendable {
  case int(Int)
  case string(String)
  case strings([String])
  /// A month's number, 1 to 12: a number to clients, its name in the message's language.
  case month(Int)

  /// How the value reads inside a message in `locale`.
  package func text(in locale: Locale) -> String {
    switch self {
    case .int(let value): return String(value)
    case .string(let value): return value
    case .strings(let values): return values.joined(separator: ", ")
    case .month(let month): return DateGrammar.monthName(month, in: locale)
    }
  }
}

/// Every validation error code a field can report: the raw value is the stable wire code, and
/// each code has its message in every language (a code without one does not compile).
package enum ErrorCode: String, Sendable, CaseIterable {
  case fieldInvalid = "field.invalid"
  case chipNumberRequired = "chipNumber.required"
  case chipNumberInvalid = "chipNumber.invalid"
  case chipNumberTooLong = "chipNumber.tooLong"
  case phoneRequired = "phone.required"
  case phoneTooShort = "phone.tooShort"
  case phoneTooLong = "phone.tooLong"
  case phoneInvalid = "phone.invalid"
  case emailRequired = "email.required"
  case emailInvalid = "email.invalid"
  case emailTooLong = "email.tooLong"
  case latitudeRequired = "latitude.required"
  case latitudeInvalid = "latitude.invalid"
  case latitudeOutOfRange = "latitude.outOfRange"
  case longitudeRequired = "longitude.required"
  case longitudeInvalid = "longitude.invalid"
  case longitudeOutOfRange = "longitude.outOfRange"
  case ageRequired = "age.required"
  case ageInvalid = "age.invalid"
  case ageOutOfRange = "age.outOfRange"
  case ageNotWhole = "age.notWhole"
  case dateRequired = "date.required"
  case dateInvalid = "date.invalid"
  case dateNoSuchDay = "date.noSuchDay"
  case dateInFuture = "date.inFuture"
  case speciesRequired = "species.required"
  case speciesUnknown = "species.unknown"
  case genderRequired = "gender.required"
  case genderUnknown = "gender.unknown"
  case textRequired = "text.required"
  case photoRequired = "photo.required"
  case photoInvalid = "photo.invalid"
  case choiceRequired = "choice.required"
  case choiceUnknown = "choice.unknown"

  /// A message that replaces a code's own when its error carries `param`: the only one is
  /// `email.tooLong` over the part before `@`. A list, so that protocol.md's error table is
  /// written from it too (scripts/generate-lists).
  package static let variants:
    [(code: ErrorCode, param: FieldError.Param, message: LocalizedText)] =
      [
        (
          .emailTooLong, EmailAddress.localPartParam,
          LocalizedText(
            en: "The part before @ has at most {max} characters",
            pl: "Część przed @ może mieć najwyżej {max} znaki")
        )
      ]

  /// The message for an error with `params`, with `{name}` placeholders for them.
  func message(for params: [FieldError.Param]) -> LocalizedText {
    for variant in Self.variants where variant.code == self && params.contains(variant.param) {
      return variant.message
    }
    return message
  }

  /// The message, with `{name}` placeholders for the error's params.
  var message: LocalizedText {
    switch self {
    case .fieldInvalid:
      return LocalizedText(
        en: "This value does not fit this field", pl: "Ta wartość nie pasuje do tego pola")
    case .chipNumberRequired:
      return LocalizedText(en: "Enter the microchip number", pl: "Wpisz numer mikroczipa")
    case .chipNumberInvalid:
      return LocalizedText(
        en: "A microchip number has digits only", pl: "Numer mikroczipa składa się tylko z cyfr")
    case .chipNumberTooLong:
      return LocalizedText(
        en: "A microchip number has at most {max} digits",
        pl: "Numer mikroczipa ma najwyżej {max} cyfr")
    case .phoneRequired, .phoneTooShort:
      return LocalizedText(en: "Enter at least {min} digits", pl: "Wpisz co najmniej {min} cyfr")
    case .phoneTooLong:
      return LocalizedText(en: "Enter at most {max} digits", pl: "Wpisz najwyżej {max} cyfr")
    case .phoneInvalid:
      return LocalizedText(
        en: "Enter digits only, with an optional + in front",
        pl: "Wpisz same cyfry, opcjonalnie z + na początku")
    case .emailRequired, .emailInvalid:
      return LocalizedText(en: "Enter a valid email address", pl: "Wpisz poprawny adres e-mail")
    case .emailTooLong:
      return LocalizedText(
        en: "An email address has at most {max} characters",
        pl: "Adres e-mail może mieć najwyżej {max} znaki")
    case .latitudeRequired:
      return LocalizedText(en: "Fill in latitude", pl: "Uzupełnij szerokość geograficzną")
    case .latitudeInvalid:
      return LocalizedText(
        en: "Enter latitude as a number, such as 52.2297",
        pl: "Wpisz szerokość geograficzną jako liczbę, np. 52,2297")
    case .latitudeOutOfRange:
      return LocalizedText(
        en: "Latitude must be between {min} and {max}",
        pl: "Szerokość geograficzna musi mieścić się w przedziale od {min} do {max}")
    case .longitudeRequired:
      return LocalizedText(en: "Fill in longitude", pl: "Uzupełnij długość geograficzną")
    case .longitudeInvalid:
      return LocalizedText(
        en: "Enter longitude as a number, such as 21.0122",
        pl: "Wpisz długość geograficzną jako liczbę, np. 21,0122")
    case .longitudeOutOfRange:
      return LocalizedText(
        en: "Longitude must be between {min} and {max}",
        pl: "Długość geograficzna musi mieścić się w przedziale od {min} do {max}")
    case .ageRequired: return LocalizedText(en: "Enter the age", pl: "Podaj wiek")
    case .ageInvalid:
      return LocalizedText(
        en: "Enter the age as a number of years", pl: "Podaj wiek jako liczbę lat")
    case .ageOutOfRange:
      return LocalizedText(
        en: "Age must be between {min} and {max}",
        pl: "Wiek musi mieścić się w przedziale od {min} do {max}")
    case .ageNotWhole:
      return LocalizedText(en: "Enter the age in whole years", pl: "Podaj wiek w pełnych latach")
    case .dateRequired: return LocalizedText(en: "Enter the date", pl: "Podaj datę")
    case .dateInvalid:
      return LocalizedText(
        en: "Enter a real date, for example 2025-11-20 or 20.11.2025",
        pl: "Wpisz prawdziwą datę, na przykład 2025-11-20 lub 20.11.2025")
    case .dateNoSuchDay:
      return LocalizedText(en: "{month} {year} has {days} days", pl: "{month} {year} ma {days} dni")
    case .dateInFuture:
      return LocalizedText(
        en: "The date cannot be after today", pl: "Data nie może być późniejsza niż dzisiejsza")
    case .speciesRequired:
      return LocalizedText(en: "Please select a species", pl: "Wybierz gatunek")
    case .speciesUnknown:
      return LocalizedText(en: "Choose a species from the list", pl: "Wybierz gatunek z listy")
    case .genderRequired: return LocalizedText(en: "Please select a gender", pl: "Wybierz płeć")
    case .genderUnknown:
      return LocalizedText(en: "Choose a gender from the list", pl: "Wybierz płeć z listy")
    case .textRequired:
      return LocalizedText(en: "This field is required", pl: "To pole jest wymagane")
    case .photoRequired: return LocalizedText(en: "Photo is mandatory", pl: "Zdjęcie jest wymagane")
    case .photoInvalid:
      return LocalizedText(en: "Attach an image file", pl: "Dołącz plik graficzny")
    case .choiceRequired: return LocalizedText(en: "Please select an option", pl: "Wybierz opcję")
    case .choiceUnknown:
      return LocalizedText(
        en: "Choose one of the listed options", pl: "Wybierz jedną z podanych opcji")
    }
  }
}
