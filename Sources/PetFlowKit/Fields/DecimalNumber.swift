/// A decimal number as a sign, a significand and a scale (`52.2297` is 522297 with 4
/// decimals): how coordinates and ages are read, rounded, compared and written exactly, with
/// neither floating point nor text in between.
public struct DecimalNumber: Equatable, Sendable, CustomStringConvertible {
  public let negative: Bool
  /// The digits as one number; below 10^10, since no kind keeps more than nine digits.
  public let significand: UInt64
  /// How many of the digits are decimals, trailing zeros kept: `52.2300` says how precise it is.
  public let scale: Int

  init(negative: Bool, significand: UInt64, scale: Int) {
    // Zero has no sign: `-0` and `-0.0` are 0.
    self.negative = negative && significand != 0
    self.significand = significand
    self.scale = scale
  }

  /// Reads a number written as ASCII `integer` digits, `fraction` digits and a power of ten,
  /// keeping at most `maxFraction` decimals: the rest are rounded half away from zero
  /// (`52.12345678` is `52.123457`), and `exact` says whether nothing was. Nil for more than
  /// `maxInteger` integer digits, leading zeros not counted: out of any range a caller checks.
  /// Never looks past the digits and the limits, so `1e999999999` costs nothing.
  static func read(
    negative: Bool, integer: some Collection<UInt8>, fraction: some Collection<UInt8>,
    exponent: Int = 0, maxInteger: Int, maxFraction: Int
  ) -> (number: DecimalNumber, exact: Bool)? {
    let integerCount = integer.count
    let count = integerCount + fraction.count
    // The digits as one run with the point after the first `point` of them; an exponent can put
    // it anywhere, and this far out every digit is beyond the limits anyway.
    let point = integerCount + min(max(exponent, -(1 << 40)), 1 << 40)
    func digit(_ position: Int) -> UInt64 {
      guard position >= 0, position < count else { return 0 }
      let byte =
        position < integerCount
        ? integer[integer.index(integer.startIndex, offsetBy: position)]
        : fraction[fraction.index(fraction.startIndex, offsetBy: position - integerCount)]
      return UInt64(byte &- UInt8(ascii: "0"))
    }
    let kept = max(0, maxFraction)
    let scale = min(max(0, count - point), kept)
    var first = 0
    while first < count, digit(first) == 0 { first += 1 }
    guard first < count else {
      return (DecimalNumber(negative: false, significand: 0, scale: scale), true)
    }
    guard point - first <= maxInteger else { return nil }
    // From the first significant digit (or the point, when the number is below one) to the last
    // decimal kept: at most maxInteger + maxFraction digits.
    let end = point + scale
    var significand: UInt64 = 0
    var position = max(min(first, point), end - maxInteger - kept)
    while position < end {
      significand = significand &* 10 &+ digit(position)
      position += 1
    }
    var exact = true
    for position in max(0, end)..<max(max(0, end), count) where digit(position) != 0 {
      exact = false
      break
    }
    if digit(end) >= 5 {
      significand &+= 1
    }
    return (DecimalNumber(negative: negative, significand: significand, scale: scale), exact)
  }

  /// Whether the number lies in `-limit...limit`.
  func isWithin(_ limit: Int) -> Bool {
    var bound = UInt64(max(0, limit))
    for _ in 0..<scale { bound = bound &* 10 }
    return significand <= bound
  }

  /// The number when it is whole and small enough to be an age or an offset; nil otherwise.
  var wholeNumber: Int? {
    guard scale == 0 || significand % Self.power(of: scale) == 0 else { return nil }
    let whole = significand / Self.power(of: scale)
    guard whole < 1_000_000_000 else { return nil }
    return negative ? -Int(whole) : Int(whole)
  }

  /// JSON number text: no exponent, no leading zeros, no `-0`, decimals as kept.
  public var description: String {
    var digits = String(significand)
    if scale > 0 {
      let padding = max(0, scale + 1 - digits.count)
      digits = String(repeating: "0", count: padding) + digits
      digits.insert(".", at: digits.index(digits.endIndex, offsetBy: -scale))
    }
    return negative ? "-" + digits : digits
  }

  /// 10^exponent, for exponents a significand can hold.
  private static func power(of exponent: Int) -> UInt64 {
    var power: UInt64 = 1
    for _ in 0..<min(exponent, 19) { power &*= 10 }
    return power
  }
}

extension DecimalNumber {
  /// A number written as a flow stores it, `-`? digits (`.` digits)? in ASCII, as tests and
  /// the stored-value checks write one; nil for anything else or more than 9 digits.
  package init?(_ text: String) {
    guard let parts = NumberParts(decimal: text),
      parts.integer.count + (parts.fraction?.count ?? 0) <= 9,
      let read = Self.read(
        negative: parts.negative, integer: parts.integer, fraction: parts.fraction ?? [],
        maxInteger: 9, maxFraction: 9)
    else { return nil }
    self = read.number
  }
}
