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
