/// A decimal number kept as sign and ASCII digits: how coordinates and ages are read, compared
/// and written exactly, without floating point.
struct DecimalText: Equatable {
  /// What reading JSON number text gave.
  enum Reading: Equatable {
    /// The number, and whether nonzero decimals beyond the limit were cut.
    case value(DecimalText, truncated: Bool)
    /// More integer digits than the limit: out of any range the caller checks.
    case tooLarge(negative: Bool)
  }

  private(set) var negative: Bool
  /// Integer digits without leading zeros; empty means zero.
  private(set) var integer: [UInt8]
  /// Decimals as given, trailing zeros kept: `52.2300` says how precise it is.
  private(set) var fraction: [UInt8]

  private init(negative: Bool, integer: [UInt8], fraction: [UInt8]) {
    let isZero = (integer + fraction).allSatisfy { $0 == UInt8(ascii: "0") }
    self.negative = negative && !isZero
    self.integer = Array(integer.drop { $0 == UInt8(ascii: "0") })
    self.fraction = fraction
  }

  /// From coordinate mask units (`-`, digits, one `.`); nil when there is no digit yet.
  init?(units: [UInt8]) {
    let negative = units.first == UInt8(ascii: "-")
    let body = negative ? units.dropFirst() : units[...]
    let point = body.firstIndex(of: UInt8(ascii: "."))
    let integer = Array(body[..<(point ?? body.endIndex)])
    let fraction = point.map { Array(body[body.index(after: $0)...]) } ?? []
    guard !integer.isEmpty || !fraction.isEmpty else { return nil }
    self.init(negative: negative, integer: integer, fraction: fraction)
  }

  /// Reads JSON number text (`-`? digits (`.` digits)? (`e` sign? digits)?), moving the point by
  /// the exponent; nil when the text is not a number. Keeps at most `maxFraction` decimals, and
  /// never builds more digits than the limits, so `1e999999999` costs nothing.
  static func read(json: String, maxInteger: Int, maxFraction: Int) -> Reading? {
    guard let parts = JSONNumberParts(json) else { return nil }
    let digits = parts.digits
    let point = parts.pointPosition
    let firstSignificant = digits.firstIndex { $0 != UInt8(ascii: "0") }
    if let firstSignificant, point - firstSignificant > maxInteger {
      return .tooLarge(negative: parts.negative)
    }
    let digit = { (position: Int) -> UInt8 in
      position >= 0 && position < digits.count ? digits[position] : UInt8(ascii: "0")
    }
    // Zero has no integer digits, however far an exponent moves its point.
    let integer = firstSignificant.map { point > $0 ? ($0..<point).map(digit) : [] } ?? []
    let fractionCount = max(0, digits.count - point)
    let fraction = (0..<min(fractionCount, max(0, maxFraction))).map { digit(point + $0) }
    let cutFrom = max(0, point + max(0, maxFraction))
    let truncated = digits[min(cutFrom, digits.count)...].contains { $0 != UInt8(ascii: "0") }
    return .value(
      DecimalText(negative: parts.negative, integer: integer, fraction: fraction),
      truncated: truncated)
  }

  /// JSON number text: no exponent, no leading zeros, no `-0`, no trailing point.
  var text: String {
    var bytes: [UInt8] = negative ? [UInt8(ascii: "-")] : []
    bytes += integer.isEmpty ? [UInt8(ascii: "0")] : integer
    if !fraction.isEmpty { bytes += [UInt8(ascii: ".")] + fraction }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Whether the number lies in `-limit...limit`.
  func isWithin(_ limit: Int) -> Bool {
    // Callers keep at most a few integer digits, so this cannot overflow; clamp regardless.
    guard integer.count <= 9 else { return false }
    let whole = integer.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
    return whole < limit || (whole == limit && fraction.allSatisfy { $0 == UInt8(ascii: "0") })
  }

  /// The value when it is a whole number that fits, for ages.
  var wholeValue: Int? {
    guard integer.count <= 9, fraction.allSatisfy({ $0 == UInt8(ascii: "0") }) else { return nil }
    let whole = integer.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
    return negative ? -whole : whole
  }
}
