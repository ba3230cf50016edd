/// A number split into sign, digits and where the decimal point falls among them, before any kind
/// judges it: read from JSON number text, or from a number as a person writes it.
struct NumberParts {
  /// Exponents are clamped here: far beyond any digit count a request can carry, far from overflow.
  private static let exponentLimit = 1_000_000_000

  let negative: Bool
  /// Integer and fraction digits together, as written (ASCII).
  let digits: [UInt8]
  /// How many of `digits` stand before the point (after an exponent moved it); may be negative
  /// or beyond the digits.
  let pointPosition: Int

  /// JSON number text, checked against the JSON grammar (leading zeros tolerated); nil for any
  /// other text.
  init?(json text: String) {
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

  /// A number as a person writes it, whole: surrounding whitespace, an optional minus sign
  /// (`-` or a look-alike), decimal digits of any script, and at most one decimal separator (`.`,
  /// `,` or a look-alike) with a digit on at least one side. Nil for anything else: `1e5`,
  /// `1.2.3`, `52.1N`, `+5`, a lone `-`.
  init?(written text: String) {
    var negative = false
    var digits: [UInt8] = []
    var point: Int?
    var reader = DecimalDigitReader()
    for scalar in Whitespace.trimmed(text).unicodeScalars {
      if let digit = reader.asciiDigit(scalar) {
        digits.append(digit)
      } else if Self.isMinus(scalar), !negative, digits.isEmpty, point == nil {
        negative = true
      } else if Self.isDecimalSeparator(scalar), point == nil {
        point = digits.count
      } else {
        return nil
      }
    }
    guard !digits.isEmpty else { return nil }
    self.negative = negative
    self.digits = digits
    pointPosition = point ?? digits.count
  }

  /// The signs a coordinate's mask reads as `-` (see `MaskRules.unit(for:digits:)`).
  static func isMinus(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar {
    case "-", "\u{2212}", "\u{FE63}", "\u{FF0D}": return true
    default: return false
    }
  }

  /// The decimal separators a coordinate's mask reads as `.`.
  static func isDecimalSeparator(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar {
    case ".", ",", "\u{066B}", "\u{FF0C}", "\u{FF0E}": return true
    default: return false
    }
  }

  private static func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }
}
