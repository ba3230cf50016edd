/// How messages are delimited on the byte stream.
public enum FramingMode: String, Sendable, CaseIterable {
  /// Decide from the first non-whitespace byte: `{` or `[` means NDJSON, anything else LSP.
  case auto
  /// The LSP base protocol: `Content-Length: N`, a blank line, N bytes of JSON.
  case lsp
  /// One JSON value per line.
  case ndjson
}
