/// JSON number text split into sign, digits and where the decimal point falls once the exponent
/// is applied, checked against the JSON grammar (leading zeros tolerated).
struct JSONNumberParts {
  /// Exponents are clamped here: far beyond any digit count a request can carry, far from overflow.
  private static let exponentLimit = 1_000_000_000

  let negative: Bool
  /// Integer and fraction digits together, as written.
  let digits: [UInt8]
  /// How many of `digits` stand before the point after the exponent moves it; may be negative
  /// or beyond the digits.
  let pointPosition: Int

  init?(_ text: String) {
    var bytes = text.utf8[...]
    negative = bytes.first == UInt8(ascii: "-")
    if negative { bytes = bytes.dropFirst() }
    let integer = bytes.prefix(while: Self.isDigit)
    guard !integer.isEmpty else { return nil }
    bytes = bytes.dropFirst(integer.count)
    var fraction = bytes.prefix(0)
    if bytes.first == UInt8(ascii: ".") {
      fraction = bytes.dropFirst().prefix(while: Self.isDigit)
      guard !fraction.isEmpty else { return nil }
      bytes = bytes.dropFirst(fraction.count + 1)
    }
    var exponent = 0
    if let marker = bytes.first, marker == UInt8(ascii: "e") || marker == UInt8(ascii: "E") {
      bytes = bytes.dropFirst()
      let exponentNegative = bytes.first == UInt8(ascii: "-")
      if exponentNegative || bytes.first == UInt8(ascii: "+") { bytes = bytes.dropFirst() }
      let exponentDigits = bytes.prefix(while: Self.isDigit)
      guard !exponentDigits.isEmpty else { return nil }
      bytes = bytes.dropFirst(exponentDigits.count)
      for digit in exponentDigits {
        exponent = min(Self.exponentLimit, exponent * 10 + Int(digit - UInt8(ascii: "0")))
      }
      if exponentNegative { exponent = -exponent }
    }
    guard bytes.isEmpty else { return nil }
    digits = Array(integer) + Array(fraction)
    pointPosition = integer.count + exponent
  }

  private static func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }
}
