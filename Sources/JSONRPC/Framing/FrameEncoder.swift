/// Frames answers in the session's framing, in the output buffer they were written into.
public struct FrameEncoder {
  public let mode: FramingMode

  public init(mode: FramingMode) { self.mode = mode }

  /// Frames the answer written in `output` from `start` to its end: a newline after it
  /// (NDJSON), or a `Content-Length` header inserted before it (LSP).
  public func frame(_ output: inout JSONWriter, answerFrom start: Int) {
    guard mode == .lsp else { return output.append(UInt8(ascii: "\n")) }
    let length = UInt(max(0, output.count - start))
    // "Content-Length: " (16 bytes), the digits, "\r\n\r\n": built on the stack.
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20 + ASCIIDecimal.maxDigits) {
      header in
      guard let base = header.baseAddress else { return }
      var end = Self.copy("Content-Length: ", to: base)
      end += ASCIIDecimal.write(length, at: base + end)
      end += Self.copy("\r\n\r\n", to: base + end)
      output.insert(UnsafeBufferPointer(start: base, count: end), at: start)
    }
  }

  /// Copies `text` to `target`; answers how many bytes it is.
  private static func copy(_ text: StaticString, to target: UnsafeMutablePointer<UInt8>) -> Int {
    target.update(from: text.utf8Start, count: text.utf8CodeUnitCount)
    return text.utf8CodeUnitCount
  }
}
