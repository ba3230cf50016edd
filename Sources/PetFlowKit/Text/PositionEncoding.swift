/// How a client counts offsets into field text: UTF-8 bytes, UTF-16 code units or Unicode scalars.
public enum PositionEncoding: String, Sendable, CaseIterable {
  case utf8 = "utf-8"
  case utf16 = "utf-16"
  case utf32 = "utf-32"

  /// Code units one scalar takes in this encoding.
  func width(of scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    switch self {
    case .utf8:
      if value < 0x80 { return 1 }
      if value < 0x800 { return 2 }
      return value < 0x1_0000 ? 3 : 4
    case .utf16:
      return value < 0x1_0000 ? 1 : 2
    case .utf32:
      return 1
    }
  }

  /// Code units `text` takes in this encoding; the stdlib views count natively stored text fast.
  func length(of text: some StringProtocol) -> Int {
    switch self {
    case .utf8: return text.utf8.count
    case .utf16: return text.utf16.count
    case .utf32: return text.unicodeScalars.count
    }
  }
}
