/// A mask of digits, as the chip number's `00000-00000-00000` writes it: how many digits it
/// holds and where its hyphens show, both read from the pattern. What typing keeps of text is
/// the digits, up to the limit; separators are left out without a word and anything else is
/// *dropped* (the seeds' filter, one of the two exceptions to keeping what is typed). Nothing
/// in it is counted by reference, so a keystroke copies it for free.
package struct DigitMask: Sendable {
  /// The mask as a placeholder shows it: `0` for each digit, `-` where a hyphen shows.
  let pattern: StaticString
  package let digitLimit: Int
  /// Bit `i` set: a hyphen shows before digit `i`, once that digit exists.
  let hyphensBefore: UInt64
  /// The codes of a whole value with something but digits and separators, and with too many.
  private let invalid: ErrorCode
  private let tooLong: ErrorCode

  init(_ pattern: StaticString, invalid: ErrorCode, tooLong: ErrorCode) {
    self.pattern = pattern
    self.invalid = invalid
    self.tooLong = tooLong
    var digits = 0
    var hyphens: UInt64 = 0
    for index in 0..<pattern.utf8CodeUnitCount {
      if pattern.utf8Start[index] == UInt8(ascii: "-") {
        hyphens |= 1 &<< UInt64(min(digits, 63))
      } else {
        digits += 1
      }
    }
    digitLimit = digits
    hyphensBefore = hyphens
  }

  func hasHyphen(before index: Int) -> Bool {
    index >= 0 && index < 64 && hyphensBefore & (1 &<< UInt64(index)) != 0
  }

  /// How many hyphens show before digits `0...index`.
  func hyphens(upTo index: Int) -> Int {
    guard index >= 0 else { return 0 }
    guard index < 63 else { return hyphensBefore.nonzeroBitCount }
    return (hyphensBefore & ((1 &<< UInt64(index + 1)) &- 1)).nonzeroBitCount
  }

  /// Whether an ASCII byte separates groups: whitespace and `-`, what people type between
  /// groups and the display shows.
  @inline(__always)
  func isSeparator(ascii byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: " "), UInt8(ascii: "-"), 0x09...0x0D: return true
    default: return false
    }
  }

  /// Whether a scalar is a separator: the ASCII ones, any Unicode whitespace, the dashes of
  /// every script, and the invisible format characters (`FormatCharacters`).
  func isSeparator(_ scalar: Unicode.Scalar) -> Bool {
    guard scalar.isASCII else {
      return scalar.properties.isWhitespace || DateGrammar.isDash(scalar)
        || FormatCharacters.contains(scalar)
    }
    return isSeparator(ascii: UInt8(truncatingIfNeeded: scalar.value))
  }

  /// The digit a scalar stands for (a decimal digit of any script, as ASCII), or nil.
  @inline(__always)  // once per scalar of the text
  func digit(for scalar: Unicode.Scalar, digits: inout DecimalDigitReader) -> UInt8? {
    // ASCII digits first: they are what is typed, and the reader is not inlined.
    if scalar.value &- 0x30 < 10 { return UInt8(truncatingIfNeeded: scalar.value) }
    return digits.asciiDigit(scalar)
  }

  /// A whole value: digits of any script and separators, at most the mask's digits. Unlike
  /// typing, nothing is filtered: a letter or one digit too many is an error, never a cut.
  func read(_ text: String) -> FieldReading {
    var units = MaskUnits()
    var count = 0
    var reader = DecimalDigitReader()
    for scalar in text.unicodeScalars {
      if let digit = digit(for: scalar, digits: &reader) {
        if count < digitLimit { units.append(digit) }
        count += 1
      } else if !isSeparator(scalar) {
        return .invalid(FieldError(invalid))
      }
    }
    guard count <= digitLimit else { return .invalid(FieldError.bounds(tooLong, max: digitLimit)) }
    return count == 0 ? .empty : FieldReading(value: .string(units.text))
  }
}
