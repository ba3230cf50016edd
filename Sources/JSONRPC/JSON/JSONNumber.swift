/// A JSON number kept as the exact text it was written with, so that an id such as
/// `12345678901234567890` or `-1e400` is echoed back byte for byte.
public struct JSONNumber: Hashable, Sendable, CustomStringConvertible {
  /// The number's text as it appears in JSON (always valid RFC 8259 number syntax).
  public let text: String

  /// Wraps text the reader has already checked against the number grammar.
  init(validatedText: String) { self.text = validatedText }

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
    let double = doubleValue
    guard double == double.rounded(.towardZero), abs(double) < 9.0e18 else { return nil }
    return Int(double)
  }

  /// Whether the number is mathematically whole, however large (`1e400` is, `1.5` is not).
  public var isWhole: Bool {
    let double = doubleValue
    return double.isInfinite || double == double.rounded(.towardZero)
  }

  /// Whether the number is below zero (`-0` is not).
  public var isNegative: Bool { doubleValue < 0 }
}
