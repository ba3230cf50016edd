/// A framing fault: the message could not be cut out of the stream. The framer resumes
/// with the next message; the session answers each fault with an error whose id is null.
public enum FramingError: Error, Equatable, Sendable {
  /// A header block without a usable `Content-Length` (missing, negative, not a number,
  /// conflicting), or a header line that is not `Name: value`.
  case invalidHeader(String)
  /// A `Content-Type` whose charset is not UTF-8.
  case unsupportedCharset(String)
  /// A message longer than the limit; its bytes are skipped as they stream. The length is
  /// the LSP `Content-Length`, `nil` for an NDJSON line.
  case messageTooLarge(length: Int?, limit: Int)
  /// A header block longer than `Framer.maxHeaderBytes`.
  case headerTooLarge(limit: Int)
}
