/// Wraps answer bodies in the session's framing on their way to the output buffer.
public struct FrameEncoder {
  public let mode: FramingMode

  public init(mode: FramingMode) { self.mode = mode }

  /// Appends `body` to `output` framed: LSP headers before it, or a newline after it.
  public func append(_ body: [UInt8], to output: inout [UInt8]) {
    if mode == .ndjson {
      output.append(contentsOf: body)
      output.append(.lineFeed)
    } else {
      var header = "Content-Length: \(body.count)\r\n\r\n"
      header.withUTF8 { output.append(contentsOf: $0) }
      output.append(contentsOf: body)
    }
  }
}
