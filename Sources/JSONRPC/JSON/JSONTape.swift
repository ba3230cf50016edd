/// A parsed JSON document as a flat list of tokens over the message's bytes.
///
/// Parsing validates the whole document (RFC 8259, UTF-8, escapes, depth) but builds no
/// tree and no strings: each value is one token holding its byte range and where the next
/// sibling starts, so a reader can skip a subtree in one step. The token memory is reused
/// from message to message, so a steady stream of requests parses without allocating.
public struct JSONTape {
  /// A value's JSON type, as `ParamValue.kind` answers it.
  public enum Kind: UInt8, Sendable {
    case null, `false`, `true`, number, string, array, object
  }

  /// One value. Strings span their content without the quotes; containers span from their
  /// opening bracket to just past their closing one.
  @usableFromInline
  struct Token {
    var kind: Kind
    /// Whether a string has escapes (and so must be decoded rather than copied).
    var isEscaped: Bool
    var start: Int
    var end: Int
    /// The index of the token after this value and everything inside it.
    var next: Int
  }

  /// The tokens of the last document parsed: the first `count` of `storage`.
  private var storage = BufferStorage<Token>(capacity: 64)
  private var count = 0

  /// Parses `bytes`, replacing the tokens of any earlier document (a document over them is no
  /// longer valid).
  mutating func parse(
    _ bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int = JSONReader.defaultMaxDepth
  ) throws(JSONParseError) {
    var parser = JSONTapeParser(bytes: bytes, maxDepth: maxDepth, storage: storage)
    defer {
      storage = parser.storage
      count = parser.count
    }
    try parser.document()
  }

  /// The document last parsed, over the same `bytes`, valid while both it and this tape are.
  func document(over bytes: UnsafeBufferPointer<UInt8>) -> JSONDocument {
    JSONDocument(
      bytes: bytes,
      tokens: UnsafeBufferPointer(start: storage.base, count: min(count, storage.capacity)))
  }
}
