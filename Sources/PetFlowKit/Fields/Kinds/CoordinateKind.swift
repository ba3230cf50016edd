/// Latitude and longitude: a decimal number of degrees, `-` or a hemisphere letter for south
/// and west, rounded to six decimals (about 0.1 m). Typing drops only whitespace.
extension KindDeclaration {
  static let latitude = coordinate(
    .latitude, label: LocalizedText(en: "Latitude", pl: "Szerokość geograficzna"),
    hint: LocalizedText(
      en: "Degrees, for example 52.2297 (south: -33.8688 or 33.8688 S)",
      pl: "Stopnie, na przykład 52,2297 (południe: -33,8688 lub 33,8688 S)"),
    required: .latitudeRequired)
  static let longitude = coordinate(
    .longitude, label: LocalizedText(en: "Longitude", pl: "Długość geograficzna"),
    hint: LocalizedText(
      en: "Degrees, for example 21.0122 (west: -74.0060 or 74.0060 W)",
      pl: "Stopnie, na przykład 21,0122 (zachód: -74,0060 lub 74,0060 W)"),
    required: .longitudeRequired)

  private static func coordinate(
    _ axis: CoordinateAxis, label: LocalizedText, hint: LocalizedText, required: ErrorCode
  ) -> KindDeclaration {
    // The longest value: a sign, the limit's digits, the point and six decimals.
    let longest = 1 + String(axis.limit).count + 1 + CoordinateGrammar.decimals
    return KindDeclaration(
      label: label, hint: hint, keyboard: .decimalPad, editing: .kept(.coordinate(axis)),
      longestValue: longest, required: FieldError(required))
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
