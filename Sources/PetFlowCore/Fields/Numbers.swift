// Numbers as people and JSON write them, read into decimals kept exactly.

/// A decimal number as a sign, a significand and a scale (`52.2297` is 522297 with 4
/// decimals): how coordinates and ages are read, rounded, compared and written exactly, with
/// neither floating point nor text in between.
public struct DecimalNumber: Equatable, Sendable, CustomStringConvertible {
  /// Whether the number is below zero (never true for zero).
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

/// A number split into sign, integer digits, fraction digits and exponent, each as written, before
/// any kind judges it: a JSON number as the daemon read it, or a decimal as a flow stores it.
///
/// Public only as the name `FieldInput.number` carries: its parts are the package's. An app gives a
/// number as `.text("52.2297")`, which every numeric kind reads the same way.
@_spi(Engine) public struct NumberParts: Equatable, Sendable {
  package let negative: Bool
  /// ASCII digits before the point, as written.
  package let integer: [UInt8]
  /// ASCII digits after the point, as written; nil when there is no point.
  package let fraction: [UInt8]?
  /// The power of ten the number is written with; nil when there is none.
  package let exponent: Int?

  package init(negative: Bool, integer: [UInt8], fraction: [UInt8]?, exponent: Int?) {
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

  /// The signs typing keeps as `-` in a coordinate or an age (`KeptGrammar.ascii`).
  static func isMinus(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar {
    case "-", "\u{2212}", "\u{FE63}", "\u{FF0D}": return true
    default: return false
    }
  }

  /// The decimal separators typing keeps as `.` in a coordinate or an age.
  static func isDecimalSeparator(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar {
    case ".", ",", "\u{066B}", "\u{FF0C}", "\u{FF0E}": return true
    default: return false
    }
  }
}

/// A number at the start of kept cells, as a person writes one: an optional `-`, digits, and
/// at most one `.` with a digit on at least one side (a comma or another decimal separator was
/// kept as `.`). Where it ends is for the kind to judge: a hemisphere letter may follow a
/// coordinate, nothing may follow an age.
struct NumberText {
  let negative: Bool
  /// The cells of the integer digits, and of the decimals.
  private let integerCells: Range<Int>
  private let fractionCells: Range<Int>
  /// The first cell after the number.
  let end: Int

  init?(_ cells: KeptCells, allowingSign: Bool) {
    let isDigit = { (index: Int) in cells.byte(index).map { $0 &- UInt8(ascii: "0") < 10 } ?? false
    }
    var index = 0
    negative = allowingSign && cells.byte(0) == UInt8(ascii: "-")
    if negative { index += 1 }
    let integerStart = index
    while isDigit(index) { index += 1 }
    integerCells = integerStart..<index
    var fractionStart = index
    if cells.byte(index) == UInt8(ascii: ".") {
      index += 1
      fractionStart = index
      while isDigit(index) { index += 1 }
    }
    fractionCells = fractionStart..<index
    guard !integerCells.isEmpty || !fractionCells.isEmpty else { return nil }
    end = index
  }

  /// The integer digits' ASCII. Every cell of the number is one byte from the first cell on, so
  /// its cells are its bytes.
  func integer(in cells: KeptCells) -> ArraySlice<UInt8> { cells.utf8[integerCells] }
  func fraction(in cells: KeptCells) -> ArraySlice<UInt8> { cells.utf8[fractionCells] }
}

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

/// The one reader of plain ASCII digits: date parts, ages, coordinates against their limits.
extension Collection<UInt8> {
  /// The number the bytes write in ASCII digits, zero for none; nil when a byte is not a digit
  /// or past nine digits (more than any field holds, and far from overflowing).
  var asciiNumber: Int? {
    guard count <= 9 else { return nil }
    var value = 0
    for byte in self {
      guard byte &- UInt8(ascii: "0") < 10 else { return nil }
      value = value * 10 + Int(byte &- UInt8(ascii: "0"))
    }
    return value
  }
}
