/// Each kind's validation of a canonical value under a field's options: the seeds' rules.
package enum FieldRules {
  static let phoneMinimumDigits = 7
  static let latitudeLimit = 90
  static let longitudeLimit = 180
  static let ageRange = 0...40

  package static func check(
    _ kind: FieldKind, _ value: FieldValue?, options: FieldOptions, context: FieldContext
  ) -> FieldError? {
    guard let value else { return options.required ? required(kind) : nil }
    // By kind, with no `default`: a new kind does not compile until its rule is written here.
    // A value of another kind's type is `field.invalid`.
    switch (kind, value) {
    case (.phone, .string(let phone)):
      let digits = phone.utf8.count { $0 != UInt8(ascii: "+") }
      return digits < phoneMinimumDigits ? bounds(.phoneTooShort, min: phoneMinimumDigits) : nil
    case (.email, .string(let address)):
      return EmailAddress.isValid(address[...]) ? nil : FieldError(.emailInvalid)
    case (.latitude, .decimal(let number)):
      return isWithin(number, latitudeLimit) ? nil : outOfRange(kind)
    case (.longitude, .decimal(let number)):
      return isWithin(number, longitudeLimit) ? nil : outOfRange(kind)
    case (.age, .integer(let years)):
      return ageRange.contains(years) ? nil : outOfRange(kind)
    case (.date, .string(let text)):
      guard let date = CalendarDate(iso: text) else { return FieldError(.dateInvalid) }
      return date > context.today ? FieldError(.dateInFuture) : nil
    case (.text, .string(let text)):
      return options.required && Whitespace.trimmed(text).isEmpty ? required(.text) : nil
    case (.photo, .photo(let photo)):
      return isUsable(photo) ? nil : FieldError(.photoInvalid)
    case (.chipNumber, .string), (.species, .string), (.gender, .string):
      return nil
    case (.choice, .string(let id)):
      return options.choices.contains { $0.id == id } ? nil : unknownOption(.choice, options)
    case (.phone, _), (.email, _), (.latitude, _), (.longitude, _), (.age, _), (.date, _),
      (.text, _), (.photo, _), (.chipNumber, _), (.species, _), (.gender, _), (.choice, _):
      return FieldError(.fieldInvalid)
    }
  }

  static func required(_ kind: FieldKind) -> FieldError {
    switch kind {
    case .chipNumber: return FieldError(.chipNumberRequired)
    case .phone: return bounds(.phoneRequired, min: phoneMinimumDigits)
    case .email: return FieldError(.emailRequired)
    case .latitude: return FieldError(.latitudeRequired)
    case .longitude: return FieldError(.longitudeRequired)
    case .age: return FieldError(.ageRequired)
    case .date: return FieldError(.dateRequired)
    case .species: return FieldError(.speciesRequired)
    case .gender: return FieldError(.genderRequired)
    case .text: return FieldError(.textRequired)
    case .photo: return FieldError(.photoRequired)
    case .choice: return FieldError(.choiceRequired)
    }
  }

  static func outOfRange(_ kind: FieldKind) -> FieldError? {
    switch kind {
    case .latitude: return bounds(.latitudeOutOfRange, min: -latitudeLimit, max: latitudeLimit)
    case .longitude: return bounds(.longitudeOutOfRange, min: -longitudeLimit, max: longitudeLimit)
    case .age: return bounds(.ageOutOfRange, min: ageRange.lowerBound, max: ageRange.upperBound)
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
    // Whole text of these kinds is judged by their own readings, never found invalid here.
    case .email, .species, .gender, .text, .photo, .choice: return FieldError(.fieldInvalid)
    }
  }

  /// A whole value longer than the kind ever holds: an error, never a cut.
  static func tooLong(_ kind: FieldKind) -> FieldError {
    switch kind {
    case .chipNumber: return bounds(.chipNumberTooLong, max: MaskRules.chipNumber.digitLimit)
    case .phone: return bounds(.phoneTooLong, max: MaskSanitizer.phoneDigits)
    case .email: return bounds(.emailTooLong, max: FieldKind.emailLimit)
    default: return invalid(kind)
    }
  }

  /// A value that is none of the kind's options; a choice field's are in `fieldOptions`.
  static func unknownOption(_ kind: FieldKind, _ fieldOptions: FieldOptions) -> FieldError {
    let (code, options) =
      kind == .gender
      ? (ErrorCode.genderUnknown, FieldOption.genders)
      : kind == .choice
        ? (.choiceUnknown, fieldOptions.choices) : (.speciesUnknown, FieldOption.species)
    return FieldError(code, [FieldError.Param("allowed", .strings(options.map(\.id)))])
  }

  /// An error whose parameters are the bounds the value broke.
  private static func bounds(_ code: ErrorCode, min: Int? = nil, max: Int? = nil) -> FieldError {
    var params: [FieldError.Param] = []
    if let min { params.append(FieldError.Param("min", .int(min))) }
    if let max { params.append(FieldError.Param("max", .int(max))) }
    return FieldError(code, params)
  }

  /// Whether a stored decimal (`DecimalText.text`) lies in `-limit...limit`.
  private static func isWithin(_ number: String, _ limit: Int) -> Bool {
    guard let parts = NumberParts(decimal: number), let whole = parts.integer.asciiNumber else {
      return false
    }
    return whole < limit
      || (whole == limit && (parts.fraction ?? []).allSatisfy { $0 == UInt8(ascii: "0") })
  }

  /// An attachment the flow can send: a location, an image type, no negative size.
  private static func isUsable(_ photo: PhotoMetadata) -> Bool {
    !Whitespace.trimmed(photo.uri).isEmpty
      && photo.mimeType.prefix(6).lowercased() == "image/"
      && (photo.sizeBytes ?? 0) >= 0
  }
}
