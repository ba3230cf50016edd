/// Each kind's validation of a canonical value under a field's options: the seeds' rules.
enum FieldRules {
  static let phoneMinimumDigits = 7
  static let latitudeLimit = 90
  static let longitudeLimit = 180
  static let ageRange = 0...40

  static func check(
    _ kind: FieldKind, _ value: FieldValue?, options: FieldOptions, context: FieldContext
  ) -> FieldError? {
    guard let value else { return options.required ? required(kind) : nil }
    // By kind, with no `default`: a new kind does not compile until its rule is written here.
    // A value of another kind's type is `field.invalid`.
    switch (kind, value) {
    case (.phone, .string(let phone)):
      let digits = phone.utf8.count { $0 != UInt8(ascii: "+") }
      return digits < phoneMinimumDigits ? phoneTooShort(.phoneTooShort) : nil
    case (.email, .string(let address)):
      return EmailAddress.isValid(address[...]) ? nil : FieldError(.emailInvalid)
    case (.latitude, .decimal(let number)):
      return coordinate(number, limit: latitudeLimit, .latitudeOutOfRange)
    case (.longitude, .decimal(let number)):
      return coordinate(number, limit: longitudeLimit, .longitudeOutOfRange)
    case (.age, .integer(let years)):
      return ageRange.contains(years) ? nil : ageOutOfRange
    case (.date, .string(let text)):
      guard let date = CalendarDate(iso: text) else { return FieldError(.dateInvalid) }
      return date > context.today ? FieldError(.dateInFuture) : nil
    case (.text, .string(let text)):
      return options.required && Whitespace.trimmed(text).isEmpty ? required(.text) : nil
    case (.photo, .photo(let photo)):
      return isUsable(photo) ? nil : FieldError(.photoInvalid)
    case (.chipNumber, .string), (.species, .string), (.gender, .string):
      return nil
    case (.phone, _), (.email, _), (.latitude, _), (.longitude, _), (.age, _), (.date, _),
      (.text, _), (.photo, _), (.chipNumber, _), (.species, _), (.gender, _):
      return FieldError(.fieldInvalid)
    }
  }

  static func required(_ kind: FieldKind) -> FieldError {
    switch kind {
    case .chipNumber: return FieldError(.chipNumberRequired)
    case .phone: return phoneTooShort(.phoneRequired)
    case .email: return FieldError(.emailRequired)
    case .latitude: return FieldError(.latitudeRequired)
    case .longitude: return FieldError(.longitudeRequired)
    case .age: return FieldError(.ageRequired)
    case .date: return FieldError(.dateRequired)
    case .species: return FieldError(.speciesRequired)
    case .gender: return FieldError(.genderRequired)
    case .text: return FieldError(.textRequired)
    case .photo: return FieldError(.photoRequired)
    }
  }

  static func outOfRange(_ kind: FieldKind) -> FieldError? {
    switch kind {
    case .latitude: return range(.latitudeOutOfRange, limit: latitudeLimit)
    case .longitude: return range(.longitudeOutOfRange, limit: longitudeLimit)
    case .age: return ageOutOfRange
    default: return nil
    }
  }

  /// Content a whole value of the kind can never be: a letter in a chip number, `1e5` for a
  /// latitude, `+` inside a phone, a date that is not `YYYY-MM-DD`.
  static func invalid(_ kind: FieldKind) -> FieldError {
    switch kind {
    case .chipNumber: return FieldError(.chipNumberInvalid)
    case .phone: return FieldError(.phoneInvalid)
    case .latitude: return FieldError(.latitudeInvalid)
    case .longitude: return FieldError(.longitudeInvalid)
    case .age: return FieldError(.ageInvalid)
    case .date: return FieldError(.dateInvalid)
    case .email: return FieldError(.emailInvalid)
    case .species, .gender: return unknownOption(kind)
    case .photo: return FieldError(.photoInvalid)
    case .text: return FieldError(.fieldInvalid)
    }
  }

  /// A whole value longer than the kind ever holds: an error, never a cut.
  static func tooLong(_ kind: FieldKind) -> FieldError {
    switch kind {
    case .chipNumber: return maximum(.chipNumberTooLong, MaskRules.chipNumber.digitLimit)
    case .phone: return maximum(.phoneTooLong, MaskSanitizer.phoneDigits)
    case .email: return maximum(.emailTooLong, FieldKind.emailLimit)
    default: return invalid(kind)
    }
  }

  static func unknownOption(_ kind: FieldKind) -> FieldError {
    let (code, options) =
      kind == .gender
      ? (ErrorCode.genderUnknown, FieldOption.genders) : (.speciesUnknown, FieldOption.species)
    return FieldError(code, [FieldError.Param("allowed", .strings(options.map(\.id)))])
  }

  private static var ageOutOfRange: FieldError {
    FieldError(
      .ageOutOfRange,
      [
        FieldError.Param("min", .int(ageRange.lowerBound)),
        FieldError.Param("max", .int(ageRange.upperBound)),
      ])
  }

  private static func maximum(_ code: ErrorCode, _ limit: Int) -> FieldError {
    FieldError(code, [FieldError.Param("max", .int(limit))])
  }

  private static func phoneTooShort(_ code: ErrorCode) -> FieldError {
    FieldError(code, [FieldError.Param("min", .int(phoneMinimumDigits))])
  }

  private static func range(_ code: ErrorCode, limit: Int) -> FieldError {
    FieldError(code, [FieldError.Param("min", .int(-limit)), FieldError.Param("max", .int(limit))])
  }

  /// Whether a stored decimal (`DecimalText.text`) lies in `-limit...limit`.
  private static func coordinate(_ number: String, limit: Int, _ code: ErrorCode) -> FieldError? {
    guard let parts = NumberParts(decimal: number), let whole = parts.integer.asciiNumber else {
      return range(code, limit: limit)
    }
    let isWhole = (parts.fraction ?? []).allSatisfy { $0 == UInt8(ascii: "0") }
    return whole < limit || (whole == limit && isWhole) ? nil : range(code, limit: limit)
  }

  /// An attachment the flow can send: a location, an image type, no negative size.
  private static func isUsable(_ photo: PhotoMetadata) -> Bool {
    !Whitespace.trimmed(photo.uri).isEmpty
      && photo.mimeType.prefix(6).lowercased() == "image/"
      && (photo.sizeBytes ?? 0) >= 0
  }
}
