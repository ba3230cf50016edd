/// A JSON number kept as the exact text it was written with, so that an id such as
/// `12345678901234567890` or `-1e400` is echoed back byte for byte.
public struct JSONNumber: Hashable, Sendable, CustomStringConvertible {
  /// The number's text as it appears in JSON (always valid RFC 8259 number syntax).
  public let text: String

  /// Wraps text the reader has already checked against the number grammar.
  init(validatedText: String) { self.text = validatedText }

  /// `text` when it is a JSON number (RFC 8259: `-`? int (`.` digits)? (`e` sign? digits)?);
  /// nil otherwise. For numbers made as text (a coordinate's decimals), written as they are.
  public init?(text: String) {
    let bytes = Array(text.utf8)
    var index = 0
    func digits() -> Int {
      let start = index
      while index < bytes.count, bytes[index].isDigit { index += 1 }
      return index - start
    }
    if index < bytes.count, bytes[index] == .minus { index += 1 }
    let integerStart = index
    guard digits() > 0, bytes[integerStart] != .zero || index - integerStart == 1 else {
      return nil
    }
    if index < bytes.count, bytes[index] == .period {
      index += 1
      guard digits() > 0 else { return nil }
    }
    if index < bytes.count, bytes[index] == .letterE || bytes[index] == .letterUpperE {
      index += 1
      if index < bytes.count, bytes[index] == .plus || bytes[index] == .minus { index += 1 }
      guard digits() > 0 else { return nil }
    }
    guard index == bytes.count else { return nil }
    self.text = text
  }

  public init(_ value: Int) { self.text = String(value) }

  /// A finite double in its shortest round-tripping form; `nil` for NaN and infinities,
  /// which JSON cannot express.
  public init?(_ value: Double) {
    guard value.isFinite else { return nil }
    if value == value.rounded(.towardZero), abs(value) < 1e15 {
      // Integral values print without Swift's ".0" suffix: 3 rather than 3.0.
      self.text = String(Int(value) == 0 && value.sign == .minus ? 0 : Int(value))
    } else {
      self.text = value.description
    }
  }

  public var description: String { text }

  /// The value as a double (may round; `±infinity` when out of range, as `1e400` is).
  public var doubleValue: Double {
    Double(text) ?? 0
  }

  /// The value when it is a whole number that fits in `Int` (`7`, `7.0`, `7e0`), else `nil`.
  public var intValue: Int? {
    if let exact = Int(text) { return exact }
    let decimal = DecimalParts(text)
    guard decimal.isWhole else { return nil }
    if decimal.isZero { return 0 }
    // At most 19 digits fit in Int: longer would overflow anyway, and the bound keeps a
    // huge exponent from looping.
    guard decimal.digits.count + decimal.exponent <= 19 else { return nil }
    // Accumulated below zero so that Int.min, whose magnitude Int cannot hold, fits.
    var value = 0
    for digit in decimal.digits {
      let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
      let (next, overflow2) = times10.subtractingReportingOverflow(Int(digit - .zero))
      if overflow1 || overflow2 { return nil }
      value = next
    }
    for _ in 0..<max(0, decimal.exponent) {
      let (times10, overflow) = value.multipliedReportingOverflow(by: 10)
      if overflow { return nil }
      value = times10
    }
    if decimal.isNegative { return value }
    return value == Int.min ? nil : -value
  }

  /// Whether the number is mathematically whole, however large (`1e400` is, `1.5` is not).
  /// Read from the text, not a double: `1e-400` would round to a whole 0.
  public var isWhole: Bool { DecimalParts(text).isWhole }

  /// Whether the number is below zero (`-0` is not; `-1e-400` is, though no double says so).
  public var isNegative: Bool { DecimalParts(text).isNegative }
}

/// A number's text as significant digits times a power of ten, read exactly: the
/// digits without leading or trailing zeros (none for zero) and the exponent.
private struct DecimalParts {
  private enum Part { case integer, fraction, exponent }

  var isNegativeSign = false
  var digits: [UInt8] = []
  var exponent = 0

  init(_ text: String) {
    var fractionDigits = 0
    var exponentSign = 1
    var writtenExponent = 0
    var part = Part.integer
    for byte in text.utf8 {
      switch byte {
      case .minus where part == .integer: isNegativeSign = true
      case .minus: exponentSign = -1
      case .period: part = .fraction
      case .letterE, .letterUpperE: part = .exponent
      case .zero...UInt8.nine where part == .exponent:
        // Saturates: an exponent this large already dwarfs any digit count a message holds.
        writtenExponent = min(writtenExponent * 10 + Int(byte - .zero), 1 << 40)
      case .zero...UInt8.nine:
        if part == .fraction { fractionDigits += 1 }
        if byte != .zero || !digits.isEmpty { digits.append(byte) }
      default: break
      }
    }
    var trailingZeros = 0
    while digits.last == .zero {
      digits.removeLast()
      trailingZeros += 1
    }
    exponent = exponentSign * writtenExponent - fractionDigits + trailingZeros
  }

  var isZero: Bool { digits.isEmpty }
  var isWhole: Bool { isZero || exponent >= 0 }
  var isNegative: Bool { isNegativeSign && !isZero }
}
