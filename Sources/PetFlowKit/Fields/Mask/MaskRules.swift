/// What a mask kind keeps of typed text and where its separators show.
package struct MaskRules: Sendable {
  /// The order a kind allows its units in, enforced by `MaskSanitizer`.
  enum Grammar: Sendable {
    /// Digits only, at most `limit`.
    case digits(limit: Int)
    /// An optional leading `+`, then at most 11 digits.
    case phone
    /// An optional leading `-`, at most 3 integer digits, one `.`, at most 6 decimals.
    case coordinate
  }

  let grammar: Grammar
  /// Unit positions a hyphen shows before, once the unit at that position exists; ascending and
  /// distinct, so `MaskLayout` can count them to place a unit.
  let hyphensBefore: [Int]

  package static let chipNumber = MaskRules(grammar: .digits(limit: 15), hyphensBefore: [5, 10])
  package static let phone = MaskRules(grammar: .phone, hyphensBefore: [])
  package static let age = MaskRules(grammar: .digits(limit: 3), hyphensBefore: [])
  package static let date = MaskRules(grammar: .digits(limit: 8), hyphensBefore: [4, 6])
  package static let coordinate = MaskRules(grammar: .coordinate, hyphensBefore: [])

  /// The most units the grammar keeps.
  package var unitLimit: Int {
    switch grammar {
    case .digits(let limit): return limit
    case .phone: return MaskSanitizer.phoneDigits + 1
    case .coordinate:
      return MaskSanitizer.coordinateIntegerDigits + MaskSanitizer.coordinateFractionDigits + 2
    }
  }

  /// The unit a scalar stands for, or nil for anything the kind drops silently. Look-alikes of
  /// the signs and separators (fullwidth plus, minus sign, fullwidth or Arabic decimal separator)
  /// read as their ASCII forms, as a decimal digit of any script reads as an ASCII digit.
  @inline(__always)  // once per scalar of the text
  func unit(for scalar: Unicode.Scalar, digits: inout DecimalDigitReader) -> UInt8? {
    // ASCII digits first: they are what is typed, and the reader is not inlined.
    if scalar.value &- 0x30 < 10 { return UInt8(truncatingIfNeeded: scalar.value) }
    if let digit = digits.asciiDigit(scalar) { return digit }
    switch grammar {
    case .digits:
      return nil
    case .phone:
      return scalar == "+" || scalar == "\u{FF0B}" ? UInt8(ascii: "+") : nil
    case .coordinate:
      switch scalar {
      case "-", "\u{2212}", "\u{FE63}", "\u{FF0D}": return UInt8(ascii: "-")
      case ".", ",", "\u{066B}", "\u{FF0C}", "\u{FF0E}": return UInt8(ascii: ".")
      default: return nil
      }
    }
  }
}
