/// Plain ASCII digit runs read as numbers: Content-Length headers, offsets written as digits.
enum ASCIIDecimal {
  /// The value of `digits` when they are all ASCII digits (at least one) and the value is at
  /// most `limit`; nil otherwise.
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
}
