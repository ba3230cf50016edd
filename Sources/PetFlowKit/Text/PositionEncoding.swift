/// How a client counts offsets into field text: UTF-8 bytes, UTF-16 code units or Unicode scalars.
public enum PositionEncoding: String, Sendable, CaseIterable {
  case utf8 = "utf-8"
  case utf16 = "utf-16"
  case utf32 = "utf-32"

  /// Code units a scalar takes, from the length of its UTF-8 sequence.
  func width(ofUTF8Length length: Int) -> Int {
    switch self {
    case .utf8: return length
    case .utf16: return length == 4 ? 2 : 1
    case .utf32: return 1
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
