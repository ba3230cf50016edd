/// Plain ASCII digits: read (Content-Length headers, offsets written as digits) and written
/// (integers in answers, Content-Length headers).
@usableFromInline
enum ASCIIDecimal {
  /// The most digits a `UInt` has.
  @usableFromInline static let maxDigits = 20

  /// The value of `digits` when they are all ASCII digits (at least one) and the value is at
  /// most `limit`; nil otherwise. Inlined: called, it cost 45 instructions a keystroke more.
  @inline(__always)
  static func value(of digits: some Collection<UInt8>, limit: Int = Int.max) -> Int? {
    guard !digits.isEmpty else { return nil }
    var value = 0
    for digit in digits {
      guard digit.isDigit else { return nil }
      let (times10, overflow) = value.multipliedReportingOverflow(by: 10)
      let (sum, carry) = times10.addingReportingOverflow(Int(digit - .zero))
      guard !overflow, !carry, sum <= limit else { return nil }
      value = sum
    }
    return value
  }

  /// Writes the digits of `value` at `target` (room for `maxDigits`) and answers how many
  /// there are.
  @inlinable
  static func write(_ value: UInt, at target: UnsafeMutablePointer<UInt8>) -> Int {
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
