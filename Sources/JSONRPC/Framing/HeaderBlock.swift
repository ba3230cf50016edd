/// One LSP header block as it is read line by line: the content length, the charset check.
struct HeaderBlock: Equatable {
  /// The largest length taken: 2^53 - 1, so that an error quoting it (`data.length`) writes an
  /// integer every JSON client reads exactly. No stream carries a message that long.
  static let maxContentLength = 9_007_199_254_740_991

  private(set) var contentLength: Int?
  /// A `Content-Type` charset other than UTF-8. The block is still read to its end, so that
  /// its body can be skipped by its length rather than taken for the next message.
  private(set) var unsupportedCharset: String?
  /// Bytes of the block read so far, to cap its size.
  var byteCount = 0

  /// Reads one header line (without its line ending); answers a fault if the line or the
  /// block is unusable (a bad charset is kept for the end of the block instead). Unknown
  /// headers are ignored, as the LSP base protocol asks.
  mutating func read(line: ArraySlice<UInt8>) -> FramingError? {
    guard let colon = line.firstIndex(of: .colon) else {
      return .invalidHeader("header line without a colon")
    }
    let name = line[..<colon]
    guard !name.isEmpty, name.allSatisfy(\.isHeaderTokenByte) else {
      return .invalidHeader("malformed header name")
    }
    let value = Self.trimmed(line[(colon + 1)...])
    if Self.equalsIgnoringCase(name, "content-length") {
      // Digits only, no sign, at most `maxContentLength`: a length past that is no length a
      // stream could carry, so it is refused as a bad header rather than skipped forever.
      guard let length = ASCIIDecimal.value(of: value, limit: Self.maxContentLength) else {
        return .invalidHeader("Content-Length is not a non-negative integer")
      }
      if let earlier = contentLength, earlier != length {
        return .invalidHeader("conflicting Content-Length headers")
      }
      contentLength = length
    } else if Self.equalsIgnoringCase(name, "content-type"),
      let charset = Self.charset(inContentType: value),
      !Self.equalsIgnoringCase(charset, "utf-8"), !Self.equalsIgnoringCase(charset, "utf8")
    {
      unsupportedCharset = unsupportedCharset ?? String(decoding: charset, as: UTF8.self)
    }
    return nil
  }

  /// The `charset` parameter of a media type such as `application/vscode-jsonrpc; charset=utf-8`,
  /// without its quotes.
  private static func charset(inContentType value: ArraySlice<UInt8>) -> [UInt8]? {
    for parameter in value.split(separator: UInt8(ascii: ";")).dropFirst() {
      let parts = parameter.split(separator: UInt8(ascii: "="), maxSplits: 1)
      if parts.count == 2, equalsIgnoringCase(trimmed(parts[0]), "charset") {
        return trimmed(parts[1]).filter { $0 != .quote }
      }
    }
    return nil
  }

  private static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
    var slice = bytes
    while let first = slice.first, first == .space || first == .tab { slice = slice.dropFirst() }
    while let last = slice.last, last == .space || last == .tab { slice = slice.dropLast() }
    return slice
  }

  /// Whether `bytes` spell `lowercase` in any case: header names and charsets are ASCII.
  static func equalsIgnoringCase(_ bytes: some Collection<UInt8>, _ lowercase: String) -> Bool {
    bytes.count == lowercase.utf8.count
      && zip(bytes, lowercase.utf8).allSatisfy { $0.asciiLowercased == $1 }
  }
}

extension UInt8 {
  /// An RFC 9110 token character: what a header name is made of.
  var isHeaderTokenByte: Bool {
    switch self {
    case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: return true  // digits, letters
    // ! # $ % & ' * + - . ^ _ ` | ~
    case 0x21, 0x23...0x27, 0x2A, 0x2B, 0x2D, 0x2E, 0x5E...0x60, 0x7C, 0x7E: return true
    default: return false
    }
  }
}
