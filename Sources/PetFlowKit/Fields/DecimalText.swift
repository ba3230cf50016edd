/// A decimal number kept as sign and ASCII digits: how coordinates and ages are read, compared,
/// rounded and written exactly, without floating point.
struct DecimalText: Equatable {
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

  /// Reads a number's parts, keeping at most `maxFraction` decimals: the rest is rounded half
  /// away from zero (`52.12345678` is `52.123457`), and `exact` says whether nothing was. Nil for
  /// more than `maxInteger` integer digits: out of any range the caller checks. Never builds more
  /// digits than the limits, so `1e999999999` costs nothing.
  static func read(_ parts: NumberParts, maxInteger: Int, maxFraction: Int)
    -> (number: DecimalText, exact: Bool)?
  {
    let digits = parts.integer + (parts.fraction ?? [])
    // How many digits stand before the point once the exponent has moved it; may be negative or
    // beyond the digits.
    let point = parts.integer.count + (parts.exponent ?? 0)
    let kept = max(0, maxFraction)
    let firstSignificant = digits.firstIndex { $0 != UInt8(ascii: "0") }
    if let firstSignificant, point - firstSignificant > maxInteger { return nil }
    let digit = { (position: Int) -> UInt8 in
      position >= 0 && position < digits.count ? digits[position] : UInt8(ascii: "0")
    }
    // Zero has no integer digits, however far an exponent moves its point.
    var integer = firstSignificant.map { point > $0 ? ($0..<point).map(digit) : [] } ?? []
    let fractionCount = min(max(0, digits.count - point), kept)
    var fraction = (0..<fractionCount).map { digit(point + $0) }
    let cutFrom = min(max(0, point + kept), digits.count)
    let exact = !digits[cutFrom...].contains { $0 != UInt8(ascii: "0") }
    if digit(point + kept) >= UInt8(ascii: "5") {
      fraction += Array(repeating: UInt8(ascii: "0"), count: kept - fraction.count)
      if increment(&fraction), increment(&integer) { integer.insert(UInt8(ascii: "1"), at: 0) }
    }
    return (DecimalText(negative: parts.negative, integer: integer, fraction: fraction), exact)
  }

  /// Adds one in the last place of `digits`; true when it carries out of the first.
  private static func increment(_ digits: inout [UInt8]) -> Bool {
    for index in digits.indices.reversed() {
      guard digits[index] == UInt8(ascii: "9") else {
        digits[index] += 1
        return false
      }
      digits[index] = UInt8(ascii: "0")
    }
    return true
  }

  /// JSON number text: no exponent, no leading zeros, no `-0`, no trailing point.
  var text: String {
    var bytes: [UInt8] = negative ? [UInt8(ascii: "-")] : []
    bytes += integer.isEmpty ? [UInt8(ascii: "0")] : integer
    if !fraction.isEmpty { bytes += [UInt8(ascii: ".")] + fraction }
    return String(decoding: bytes, as: UTF8.self)
  }
}
