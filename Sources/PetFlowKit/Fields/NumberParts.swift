/// A number split into sign, integer digits, fraction digits and exponent, each as written,
/// before any kind judges it: a JSON number as the daemon read it, or a number as a person
/// writes it.
public struct NumberParts: Equatable, Sendable {
  public let negative: Bool
  /// ASCII digits before the point, as written.
  public let integer: [UInt8]
  /// ASCII digits after the point, as written; nil when there is no point.
  public let fraction: [UInt8]?
  /// The power of ten the number is written with; nil when there is none.
  public let exponent: Int?

  public init(negative: Bool, integer: [UInt8], fraction: [UInt8]?, exponent: Int?) {
    self.negative = negative
    self.integer = integer
    self.fraction = fraction
    self.exponent = exponent
  }

  /// Decimal text as a flow stores it, `-`? digits (`.` digits)? in ASCII; nil for other text.
  init?(decimal text: String) {
    var bytes = text.utf8[...]
    func digits() -> [UInt8] {
      let run = bytes.prefix { $0 &- UInt8(ascii: "0") < 10 }
      bytes = bytes.dropFirst(run.count)
      return Array(run)
    }
    let negative = bytes.first == UInt8(ascii: "-")
    if negative { bytes = bytes.dropFirst() }
    let integer = digits()
    var fraction: [UInt8]?
    if bytes.first == UInt8(ascii: ".") {
      bytes = bytes.dropFirst()
      fraction = digits()
    }
    guard !integer.isEmpty, fraction?.isEmpty != true, bytes.isEmpty else { return nil }
    self.init(negative: negative, integer: integer, fraction: fraction, exponent: nil)
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
    self.init(
      negative: negative, integer: Array(digits.prefix(point ?? digits.count)),
      fraction: point.map { Array(digits.dropFirst($0)) }, exponent: nil)
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
}
