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
  /// The ASCII separators of the kind (bit `b` for byte `b`; all lie below 64): what people type
  /// between groups and the display shows, left out without a word. Any other character the kind
  /// does not take is *dropped*, and the answer says so.
  private let asciiSeparators: UInt64

  private init(grammar: Grammar, hyphensBefore: [Int], separators: StaticString) {
    self.grammar = grammar
    self.hyphensBefore = hyphensBefore
    var mask: UInt64 = 0
    // Whitespace separates groups in every mask kind.
    for byte in " \t\n\r\u{0B}\u{0C}".utf8 { mask |= 1 << UInt64(byte) }
    for index in 0..<separators.utf8CodeUnitCount {
      mask |= 1 << UInt64(separators.utf8Start[index])
    }
    asciiSeparators = mask
  }

  package static let chipNumber = MaskRules(
    grammar: .digits(limit: 15), hyphensBefore: [5, 10], separators: "-")
  package static let phone = MaskRules(grammar: .phone, hyphensBefore: [], separators: "-.()")
  package static let age = MaskRules(grammar: .digits(limit: 3), hyphensBefore: [], separators: "")
  package static let date = MaskRules(
    grammar: .digits(limit: 8), hyphensBefore: [4, 6], separators: "-./")
  package static let coordinate = MaskRules(
    grammar: .coordinate, hyphensBefore: [], separators: "")

  /// The most digits the grammar keeps.
  package var digitLimit: Int {
    switch grammar {
    case .digits(let limit): return limit
    case .phone: return MaskSanitizer.phoneDigits
    case .coordinate:
      return MaskSanitizer.coordinateIntegerDigits + MaskSanitizer.coordinateFractionDigits
    }
  }

  /// The most units the grammar keeps.
  package var unitLimit: Int {
    switch grammar {
    case .digits(let limit): return limit
    case .phone: return MaskSanitizer.phoneDigits + 1
    case .coordinate:
      return MaskSanitizer.coordinateIntegerDigits + MaskSanitizer.coordinateFractionDigits + 2
    }
  }

  /// Whether an ASCII byte is one of the kind's separators.
  @inline(__always)
  func isSeparator(ascii byte: UInt8) -> Bool {
    byte < 64 && asciiSeparators & (1 << UInt64(byte)) != 0
  }

  /// Whether a scalar is one of the kind's separators: its ASCII ones, any Unicode whitespace,
  /// and the dashes of every script where the kind separates with `-`.
  func isSeparator(_ scalar: Unicode.Scalar) -> Bool {
    guard scalar.isASCII else {
      if scalar.properties.isWhitespace { return true }
      guard isSeparator(ascii: UInt8(ascii: "-")) else { return false }
      switch scalar.value {
      case 0x2010...0x2015, 0x2212, 0xFE58, 0xFE63, 0xFF0D: return true
      default: return false
      }
    }
    return isSeparator(ascii: UInt8(truncatingIfNeeded: scalar.value))
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
      if NumberParts.isMinus(scalar) { return UInt8(ascii: "-") }
      return NumberParts.isDecimalSeparator(scalar) ? UInt8(ascii: ".") : nil
    }
  }
}
