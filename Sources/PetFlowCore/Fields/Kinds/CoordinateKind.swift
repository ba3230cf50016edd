/// Latitude and longitude: a decimal number of degrees, `-` or a hemisphere letter for south
/// and west, rounded to six decimals (about 0.1 m). Typing drops only whitespace.
extension KindDeclaration {
  /// A latitude in decimal degrees, -90 to 90; `S` or `-` for south.
  static let latitude = coordinate(
    .latitude, label: LocalizedText(en: "Latitude", pl: "Szerokość geograficzna"),
    hint: LocalizedText(
      en: "Degrees, for example 52.2297 (south: -33.8688 or 33.8688 S)",
      pl: "Stopnie, na przykład 52,2297 (południe: -33,8688 lub 33,8688 S)"),
    required: .latitudeRequired,
    codes: [.latitudeRequired, .latitudeInvalid, .latitudeOutOfRange],
    examples: ["52.2297", "-33.8688", "0"])
  /// A longitude in decimal degrees, -180 to 180; `W` or `-` for west.
  static let longitude = coordinate(
    .longitude, label: LocalizedText(en: "Longitude", pl: "Długość geograficzna"),
    hint: LocalizedText(
      en: "Degrees, for example 21.0122 (west: -74.0060 or 74.0060 W)",
      pl: "Stopnie, na przykład 21,0122 (zachód: -74,0060 lub 74,0060 W)"),
    required: .longitudeRequired,
    codes: [.longitudeRequired, .longitudeInvalid, .longitudeOutOfRange],
    examples: ["21.0122", "-74.006", "0"])

  private static func coordinate(
    _ axis: CoordinateAxis, label: LocalizedText, hint: LocalizedText, required: ErrorCode,
    codes: [ErrorCode],
    examples: [String]
  ) -> KindDeclaration {
    // The longest value: a sign, the limit's digits, the point and six decimals.
    let longest = 1 + String(axis.limit).count + 1 + CoordinateGrammar.decimals
    return KindDeclaration(
      label: label, hint: hint, keyboard: .decimalPad, editing: .kept(.coordinate(axis)),
      longestValue: longest, required: FieldError(required), codes: codes, examples: examples)
  }
}

/// Which coordinate: its limit, its hemisphere letters and its error codes.
package enum CoordinateAxis: Sendable, Equatable {
  case latitude
  case longitude

  var limit: Int { self == .latitude ? 90 : 180 }

  /// The letters of the positive and the negative hemisphere, upper case.
  var hemispheres: (positive: UInt8, negative: UInt8) {
    self == .latitude
      ? (UInt8(ascii: "N"), UInt8(ascii: "S")) : (UInt8(ascii: "E"), UInt8(ascii: "W"))
  }

  var invalid: FieldError { FieldError(self == .latitude ? .latitudeInvalid : .longitudeInvalid) }

  var outOfRange: FieldError {
    FieldError.bounds(
      self == .latitude ? .latitudeOutOfRange : .longitudeOutOfRange, min: -limit, max: limit)
  }
}

/// What a coordinate's text means.
enum CoordinateGrammar {
  static let decimals = 6
  /// The most integer digits any coordinate has, leading zeros not counted.
  private static let integerDigits = 3

  /// `-`? digits (`.` digits)?, then `°` and a hemisphere letter of this axis, in any case, each
  /// optional: `52.2297`, `-33.8688`, `33.8688° S`, `21.0122 w`. A letter with a minus sign,
  /// a letter of the other axis, degrees-minutes-seconds, an exponent, anything else: invalid.
  static func read(_ cells: KeptCells, axis: CoordinateAxis) -> FieldReading {
    guard !cells.isEmpty else { return .empty }
    guard let number = NumberText(cells, allowingSign: true) else { return .invalid(axis.invalid) }
    var negative = number.negative
    var next = number.end
    if next < cells.count, cells.cell(next).elementsEqual("°".utf8) { next += 1 }
    if let letter = cells.byte(next).map({ $0 & ~0x20 }) {
      guard !number.negative,
        letter == axis.hemispheres.positive || letter == axis.hemispheres.negative
      else { return .invalid(axis.invalid) }
      negative = letter == axis.hemispheres.negative
      next += 1
    }
    guard next == cells.count else { return .invalid(axis.invalid) }
    return reading(
      negative: negative, integer: number.integer(in: cells), fraction: number.fraction(in: cells),
      axis: axis)
  }

  /// A number of degrees, from text or JSON: rounded to six decimals, within the axis's limit.
  static func reading(
    negative: Bool, integer: some Collection<UInt8>, fraction: some Collection<UInt8>,
    exponent: Int = 0, axis: CoordinateAxis
  ) -> FieldReading {
    guard
      let read = DecimalNumber.read(
        negative: negative, integer: integer, fraction: fraction, exponent: exponent,
        maxInteger: integerDigits, maxFraction: decimals),
      read.number.isWithin(axis.limit)
    else { return .invalid(axis.outOfRange) }
    return FieldReading(value: .decimal(read.number), adjusted: !read.exact)
  }
}

/// The kind's error codes, each with its message in every shipped language.
extension ErrorCode {
  package static let latitudeRequired = ErrorCode(
    "latitude.required",
    LocalizedText(en: "Fill in latitude", pl: "Uzupełnij szerokość geograficzną"))
  package static let latitudeInvalid = ErrorCode(
    "latitude.invalid",
    LocalizedText(
      en: "Enter latitude as a number, such as 52.2297",
      pl: "Wpisz szerokość geograficzną jako liczbę, np. 52,2297"))
  package static let latitudeOutOfRange = ErrorCode(
    "latitude.outOfRange",
    LocalizedText(
      en: "Latitude must be between {min} and {max}",
      pl: "Szerokość geograficzna musi mieścić się w przedziale od {min} do {max}"))
  package static let longitudeRequired = ErrorCode(
    "longitude.required",
    LocalizedText(en: "Fill in longitude", pl: "Uzupełnij długość geograficzną"))
  package static let longitudeInvalid = ErrorCode(
    "longitude.invalid",
    LocalizedText(
      en: "Enter longitude as a number, such as 21.0122",
      pl: "Wpisz długość geograficzną jako liczbę, np. 21,0122"))
  package static let longitudeOutOfRange = ErrorCode(
    "longitude.outOfRange",
    LocalizedText(
      en: "Longitude must be between {min} and {max}",
      pl: "Długość geograficzna musi mieścić się w przedziale od {min} do {max}"))
}
