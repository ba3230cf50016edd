/// One LSP header block as it is read line by line: the content length, the charset check.
struct HeaderBlock: Equatable {
  /// `content-length`, lower case, for matching header names without regard to case.
  static let contentLengthName = Array("content-length".utf8)
  static let contentTypeName = Array("content-type".utf8)

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
    let name = line[line.startIndex..<colon]
    guard !name.isEmpty, name.allSatisfy(\.isHeaderTokenByte) else {
      return .invalidHeader("malformed header name")
    }
    let value = Self.trimmed(line[(colon + 1)...])
    if Self.equalsIgnoringCase(name, Self.contentLengthName) {
      guard let length = Self.decimal(value) else {
        return .invalidHeader("Content-Length is not a non-negative integer")
      }
      if let earlier = contentLength, earlier != length {
        return .invalidHeader("conflicting Content-Length headers")
      }
      contentLength = length
    } else if Self.equalsIgnoringCase(name, Self.contentTypeName) {
      let text = String(decoding: value, as: UTF8.self)
      if let charset = Self.charset(inContentType: text),
        !["utf-8", "utf8"].contains(charset.lowercased())
      {
        unsupportedCharset = unsupportedCharset ?? charset
      }
    }
    return nil
  }

  /// The largest length taken: 2^53 - 1, so that an error quoting it (`data.length`) writes an
  /// integer every JSON client reads exactly. No stream carries a message that long.
  static let maxContentLength = 9_007_199_254_740_991

  /// Digits only, no sign, at most `maxContentLength`: a length past that is no length a stream
  /// could carry, so it is refused as a bad header rather than skipped forever.
  private static func decimal(_ digits: ArraySlice<UInt8>) -> Int? {
    ASCIIDecimal.value(of: digits, limit: maxContentLength)
  }

  private static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
    var slice = bytes
    while let first = slice.first, first == .space || first == .tab { slice = slice.dropFirst() }
    while let last = slice.last, last == .space || last == .tab { slice = slice.dropLast() }
    return slice
  }

  private static func equalsIgnoringCase(_ bytes: ArraySlice<UInt8>, _ lowercase: [UInt8]) -> Bool {
    bytes.count == lowercase.count && zip(bytes, lowercase).allSatisfy { $0.asciiLowercased == $1 }
  }

  /// The `charset` parameter of a media type such as `application/vscode-jsonrpc; charset=utf-8`.
  private static func charset(inContentType value: String) -> String? {
    for parameter in value.split(separator: ";").dropFirst() {
      let parts = parameter.split(separator: "=", maxSplits: 1)
      guard parts.count == 2,
        parts[0].trimmingSpaces.lowercased() == "charset"
      else { continue }
      return String(parts[1].trimmingSpaces.filter { $0 != "\"" })
    }
    return nil
  }
}

extension Substring {
  fileprivate var trimmingSpaces: Substring {
    var result = self
    while result.first == " " || result.first == "\t" { result = result.dropFirst() }
    while result.last == " " || result.last == "\t" { result = result.dropLast() }
    return result
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
