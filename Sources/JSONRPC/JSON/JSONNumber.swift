/// A JSON number kept as the exact text it was written with, so that an id such as
/// `12345678901234567890` or `-1e400` is echoed back byte for byte.
public struct JSONNumber: Hashable, Sendable {
  /// The number's text as it appears in JSON (always valid RFC 8259 number syntax).
  public let text: String

  /// Wraps text the reader has already checked against the number grammar.
  init(validatedText: String) { self.text = validatedText }

  /// `text` when it is a JSON number; nil otherwise.
  public init?(text: String) {
    var text = text
    guard text.withUTF8(NumberLayout.of) != nil else { return nil }
    self.text = text
  }

  public init(_ value: Int) { self.text = String(value) }
  public init(_ value: Int64) { self.text = String(value) }

  /// The number its parts spell, with a lower-case `e` and no `+` (`1E+2` is spelled `1e2`).
  public init(_ parts: Parts) {
    var bytes: [UInt8] = parts.isNegative ? [.minus] : []
    bytes += parts.integer.isEmpty ? [.zero] : parts.integer
    if let fraction = parts.fraction, !fraction.isEmpty { bytes += [.period] + fraction }
    if let exponent = parts.exponent { bytes += [.letterE] + String(exponent).utf8 }
    text = String(decoding: bytes, as: UTF8.self)
  }

  /// The number's text split into its grammar's pieces (see `NumberLayout`), each as written.
  public var parts: Parts {
    var text = text
    let parts = text.withUTF8 { bytes in NumberLayout.of(bytes).map { Parts(bytes, $0) } }
    return parts ?? Parts(fraction: nil, exponent: nil)
  }

  /// The value when it is a whole number that fits in `Int` (`7`, `7.0`, `7e0`), else `nil`.
  public var intValue: Int? { wholeValue(as: Int.self) }

  /// The value when it is a whole number that fits in `Int64`, else `nil`: a number on the
  /// wire (`rev`, `sizeBytes`) reads alike where `Int` is 32 bits.
  public var int64Value: Int64? { wholeValue(as: Int64.self) }

  private func wholeValue<Value: FixedWidthInteger>(as _: Value.Type) -> Value? {
    let parts = parts
    guard parts.isWhole else { return nil }
    let digits = parts.digits
    let point = parts.pointPosition
    guard let first = digits.firstIndex(where: { $0 != .zero }), first < point else { return 0 }
    // At most 19 digits fit in 64 bits: longer would overflow anyway, and the bound keeps a
    // huge exponent from spelling a huge text.
    guard point - first <= 19 else { return nil }
    // The digits before the point, then the zeros the exponent puts after them; read with
    // their sign, so that the minimum, whose magnitude the type cannot hold, fits.
    let zeros = repeatElement(UInt8.zero, count: max(0, point - digits.count))
    let whole = String(decoding: digits[first..<min(point, digits.count)] + zeros, as: UTF8.self)
    return Value((parts.isNegative ? "-" : "") + whole)
  }

  /// Whether the number is mathematically whole, however large (`1e400` is, `1.5` is not).
  /// Read from the text, not a double: `1e-400` would round to a whole 0.
  public var isWhole: Bool { parts.isWhole }

  /// Whether the number is below zero (`-0` is not; `-1e-400` is, though no double says so).
  public var isNegative: Bool {
    let parts = parts
    return parts.isNegative && parts.digits.contains { $0 != .zero }
  }
}

extension JSONNumber {
  /// A number's text in its grammar's pieces, as written.
  public struct Parts: Equatable, Sendable {
    public var isNegative = false
    /// The integer digits (ASCII), as written.
    public var integer: [UInt8] = []
    /// The digits after the point, as written; nil when there is no point.
    public var fraction: [UInt8]?
    /// The power of ten written after `e`, clamped to ±10^9; nil when there is none.
    public var exponent: Int?

    public init(isNegative: Bool = false, integer: [UInt8] = [], fraction: [UInt8]?, exponent: Int?)
    {
      self.isNegative = isNegative
      self.integer = integer
      self.fraction = fraction
      self.exponent = exponent
    }

    init(_ bytes: UnsafeBufferPointer<UInt8>, _ layout: NumberLayout) {
      isNegative = layout.integer.lowerBound > 0
      integer = Array(bytes[layout.integer])
      fraction = layout.fraction.map { Array(bytes[$0]) }
      exponent = layout.exponent.map { digits in
        // Clamped: far beyond any digit count a message holds, far from overflow.
        let limit = 1_000_000_000
        let magnitude = ASCIIDecimal.value(of: bytes[digits], limit: limit) ?? limit
        return bytes[digits.lowerBound - 1] == .minus ? -magnitude : magnitude
      }
    }

    /// How many of the integer and fraction digits stand before the point once the exponent has
    /// moved it; may be negative or beyond the digits.
    var pointPosition: Int { integer.count + (exponent ?? 0) }
    var digits: [UInt8] { integer + (fraction ?? []) }

    /// No digit other than 0 after the point.
    var isWhole: Bool { digits.dropFirst(max(0, pointPosition)).allSatisfy { $0 == .zero } }
  }
}

/// Where the pieces of a JSON number lie in its bytes, found without copying them: the one
/// reading of RFC 8259's `-`? int (`.` digits)? (`e` sign? digits)?, for the parser and for
/// numbers made as text (checking every coordinate an answer carries allocates nothing).
struct NumberLayout {
  var integer: Range<Int>
  var fraction: Range<Int>?
  /// The exponent's digits (its sign, if any, just before them).
  var exponent: Range<Int>?
  /// Just past the number.
  var end: Int

  /// The number that starts at `start`; an error names the first byte the grammar refuses.
  /// Inlined: the parser keeps only `end` (called, it cost 25 instructions a number).
  @inline(__always)
  init(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) throws(JSONParseError) {
    var index = start
    func digits() throws(JSONParseError) -> Range<Int> {
      let first = index
      while index < bytes.count, bytes[index].isDigit { index += 1 }
      guard index > first else { throw JSONParseError(reason: .invalidNumber, offset: index) }
      return first..<index
    }
    if index < bytes.count, bytes[index] == .minus { index += 1 }
    guard index < bytes.count else { throw JSONParseError(reason: .unexpectedEnd, offset: index) }
    integer = try digits()
    if bytes[integer.lowerBound] == .zero, integer.count > 1 {
      throw JSONParseError(reason: .invalidNumber, offset: integer.lowerBound + 1)
    }
    if index < bytes.count, bytes[index] == .period {
      index += 1
      fraction = try digits()
    }
    if index < bytes.count, bytes[index] == .letterE || bytes[index] == .letterUpperE {
      index += 1
      if index < bytes.count, bytes[index] == .plus || bytes[index] == .minus { index += 1 }
      exponent = try digits()
    }
    end = index
  }

  /// The layout of `text` when it is exactly one JSON number.
  static func of(_ text: UnsafeBufferPointer<UInt8>) -> NumberLayout? {
    guard let layout = try? NumberLayout(text, at: 0), layout.end == text.count else { return nil }
    return layout
  }
}

/// Plain ASCII digits: read (Content-Length headers, offsets written as digits) and written
/// (integers in answers, Content-Length headers).
@usableFromInline
enum ASCIIDecimal {
  /// The most digits a `UInt64` has.
  @usableFromInline static let maxDigits = 20

  /// The value of `digits` when they are all ASCII digits (at least one) and the value is at
  /// most `limit`; nil otherwise. Inlined: called, it cost 45 instructions a keystroke more.
  @inline(__always)
  static func value<Value: FixedWidthInteger>(
    of digits: some Collection<UInt8>, limit: Value = Value.max
  ) -> Value? {
    guard !digits.isEmpty else { return nil }
    var value = Value.zero
    for digit in digits {
      guard digit.isDigit else { return nil }
      let (times10, overflow) = value.multipliedReportingOverflow(by: 10)
      let (sum, carry) = times10.addingReportingOverflow(Value(digit - .zero))
      guard !overflow, !carry, sum <= limit else { return nil }
      value = sum
    }
    return value
  }

  /// Writes the digits of `value` at `target` (room for `maxDigits`) and answers how many
  /// there are. Any width, so that a 64-bit number is written whole where `UInt` is 32 bits.
  @inlinable
  static func write(
    _ value: some FixedWidthInteger & UnsignedInteger, at target: UnsafeMutablePointer<UInt8>
  ) -> Int {
    var rest = value
    var count = 0
    repeat {  // the last digit first, then the whole turned round
      target[count] = UInt8(truncatingIfNeeded: rest % 10) + UInt8(ascii: "0")
      rest /= 10
      count += 1
    } while rest > 0
    var digits = UnsafeMutableBufferPointer(start: target, count: count)
    digits.reverse()
    return count
  }
}
