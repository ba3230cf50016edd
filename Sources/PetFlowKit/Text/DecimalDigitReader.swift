/// Reads a decimal digit of any script (Unicode category Nd, `numericType == .decimal`) as its
/// ASCII digit; non-decimal numerics (½ ² Ⅻ ①) are not digits.
///
/// Nd digits are encoded in runs of ten starting at zero (a Unicode stability guarantee), so the
/// runs are known by their zeros. Asking the standard library's scalar properties costs tens of
/// nanoseconds a scalar, which a pasted mebibyte of letters would pay for every one; the zeros are
/// therefore listed here, and DecimalDigitReaderTests checks the list against
/// `Unicode.Scalar.Properties` for every scalar, so a toolchain with newer Unicode data fails the
/// test instead of silently disagreeing. The reader also remembers the last run it used and the
/// last stretch between runs it searched, so text in one script costs a comparison or two a scalar.
package struct DecimalDigitReader {
  /// The zero of every run of Nd digits, ascending (Unicode 16.0).
  package static let zeros: [UInt32] = [
    0x30, 0x660, 0x6F0, 0x7C0, 0x966, 0x9E6, 0xA66, 0xAE6, 0xB66, 0xBE6, 0xC66, 0xCE6, 0xD66,
    0xDE6, 0xE50, 0xED0, 0xF20, 0x1040, 0x1090, 0x17E0, 0x1810, 0x1946, 0x19D0, 0x1A80, 0x1A90,
    0x1B50, 0x1BB0, 0x1C40, 0x1C50, 0xA620, 0xA8D0, 0xA900, 0xA9D0, 0xA9F0, 0xAA50, 0xABF0,
    0xFF10, 0x104A0, 0x10D30, 0x10D40, 0x11066, 0x110F0, 0x11136, 0x111D0, 0x112F0, 0x11450,
    0x114D0, 0x11650, 0x116C0, 0x116D0, 0x116DA, 0x11730, 0x118E0, 0x11950, 0x11BF0, 0x11C50,
    0x11D50, 0x11DA0, 0x11DE0, 0x11F50, 0x16130, 0x16A60, 0x16AC0, 0x16B50, 0x16D70, 0x1CCF0,
    0x1D7CE, 0x1D7D8, 0x1D7E2, 0x1D7EC, 0x1D7F6, 0x1E140, 0x1E2F0, 0x1E4F0, 0x1E5F1, 0x1E950,
    0x1FBF0,
  ]

  private var zero: UInt32 = 0x30
  /// Scalars known to hold no digit: the stretch between two runs last searched.
  private var gap: Range<UInt32> = 0..<0

  package init() {}

  package mutating func asciiDigit(_ scalar: Unicode.Scalar) -> UInt8? {
    let value = scalar.value
    if value >= zero && value - zero < 10 { return Self.ascii(value - zero) }
    // Below the second run only ASCII digits are digits.
    if value < 0x660 { return value >= 0x30 && value - 0x30 < 10 ? Self.ascii(value - 0x30) : nil }
    if gap.contains(value) { return nil }
    let zeros = Self.zeros
    var low = 0
    var high = zeros.count
    while low < high {
      let middle = low + (high - low) / 2
      if zeros[middle] <= value { low = middle + 1 } else { high = middle }
    }
    // `low` is the first run above the scalar; the run below it is the only one it can be in.
    let below = low > 0 ? zeros[low - 1] : 0
    guard low > 0, value - below < 10 else {
      let gapEnd = low < zeros.count ? zeros[low] : 0x11_0000
      gap = min(below + 10, gapEnd)..<gapEnd
      return nil
    }
    zero = below
    return Self.ascii(value - zero)
  }

  /// The ASCII byte of a digit known to be below ten.
  private static func ascii(_ digit: UInt32) -> UInt8 {
    UInt8(truncatingIfNeeded: digit) + UInt8(ascii: "0")
  }
}
