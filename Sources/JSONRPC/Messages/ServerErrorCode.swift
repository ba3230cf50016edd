/// Server-defined error codes of the transport layer (-32000 to -32099, as JSON-RPC 2.0
/// reserves for implementations). The application defines its own in the same range. None is a
/// code LSP gives a meaning (-32001 UnknownErrorCode, -32002 ServerNotInitialized), so an LSP
/// client never mistakes one for another.
public enum ServerErrorCode {
  /// A message longer than `--max-message-bytes`.
  public static let messageTooLarge = -32005
  /// A batch with more requests than `--max-batch`.
  public static let batchTooLarge = -32006
  /// A header block that cannot be used (no valid Content-Length, a bad line, too long).
  public static let invalidHeader = -32003
}
