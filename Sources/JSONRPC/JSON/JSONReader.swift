/// Parses RFC 8259 JSON into a `JSONValue` tree, strictly, with a bound on nesting depth.
///
/// Choices RFC 8259 leaves open: duplicate member names are accepted and kept (lookups take
/// the last); numbers keep their text (see `JSONNumber`); a `\u` escape of an unpaired
/// surrogate is rejected, since it cannot become a Swift string; a byte order mark is not
/// accepted. The grammar is `JSONTapeParser`'s; the request path reads the tape directly.
public enum JSONReader {
  /// The default nesting limit: arrays and objects inside one another.
  public static let defaultMaxDepth = 128

  public static func parse(
    _ bytes: some Collection<UInt8>, maxDepth: Int = defaultMaxDepth
  ) throws(JSONParseError) -> JSONValue {
    var tape = JSONTape()
    return try Array(bytes).withUnsafeBufferPointer { buffer throws(JSONParseError) in
      try tape.parse(buffer, maxDepth: maxDepth)
      return tape.document(over: buffer).value(at: JSONDocument.root)
    }
  }
}
