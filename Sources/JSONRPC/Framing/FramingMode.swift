/// How messages are delimited on the byte stream, and answers framed in it.
public enum FramingMode: String, Sendable, CaseIterable {
  /// Decide from the first non-whitespace byte: `{` or `[` means NDJSON, anything else LSP.
  case auto
  /// The LSP base protocol: `Content-Length: N`, a blank line, N bytes of JSON.
  case lsp
  /// One JSON value per line.
  case ndjson
}

extension FramingMode {
  /// Frames the answer written in `output` from `start` to its end, in the buffer it was
  /// written into: a newline after it (NDJSON), or a `Content-Length` header inserted before it.
  public func frame(_ output: inout JSONWriter, answerFrom start: Int) {
    guard self == .lsp else { return output.append(UInt8(ascii: "\n")) }
    let length = UInt(max(0, output.count - start))
    // "Content-Length: " (16 bytes), the digits, "\r\n\r\n": built on the stack.
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20 + ASCIIDecimal.maxDigits) {
      header in
      guard let base = header.baseAddress else { return }
      var end = 0
      func copy(_ text: StaticString) {
        (base + end).update(from: text.utf8Start, count: text.utf8CodeUnitCount)
        end += text.utf8CodeUnitCount
      }
      copy("Content-Length: ")
      end += ASCIIDecimal.write(length, at: base + end)
      copy("\r\n\r\n")
      output.insert(UnsafeBufferPointer(start: base, count: end), at: start)
    }
  }
}
