/// Reads a decimal digit of any script (Unicode category Nd) as its ASCII digit.
///
/// Nd digits are encoded in runs of ten starting at zero (a Unicode stability guarantee), so one
/// property lookup teaches the reader the whole run of a script and the script's later digits cost
/// a subtraction. Non-decimal numerics (½ ² Ⅻ ①) are not digits.
struct DecimalDigitReader {
  private var zero: UInt32 = 0x30

  mutating func asciiDigit(_ scalar: Unicode.Scalar) -> UInt8? {
    let value = scalar.value
    if value >= zero && value - zero < 10 { return Self.ascii(value - zero) }
    if value < 0x80 {
      return value >= 0x30 && value - 0x30 < 10 ? Self.ascii(value - 0x30) : nil
    }
    let properties = scalar.properties
    guard let numeric = properties.numericValue, properties.numericType == .decimal,
      let digit = UInt32(exactly: numeric), digit < 10, value >= digit
    else { return nil }
    zero = value - digit
    return Self.ascii(digit)
  }

  /// The ASCII byte of a digit known to be below ten.
  private static func ascii(_ digit: UInt32) -> UInt8 {
    UInt8(truncatingIfNeeded: digit) + UInt8(ascii: "0")
  }
}
