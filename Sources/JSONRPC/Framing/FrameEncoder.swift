/// Wraps answer bodies in the session's framing on their way to the output buffer.
public struct FrameEncoder {
  public let mode: FramingMode

  public init(mode: FramingMode) { self.mode = mode }

  /// Appends `body` to `output` framed: LSP headers before it, or a newline after it.
  public func append(_ body: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
    if mode == .ndjson {
      output.append(contentsOf: body)
      output.append(.lineFeed)
      return
    }
    // The header is put together on the stack and appended in one piece: appending it
    // byte by byte to the array cost a uniqueness check per byte.
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.headerCapacity) { header in
      let length = Self.header(forBodyOf: body.count, into: header)
      output.append(contentsOf: UnsafeBufferPointer(rebasing: header[..<length]))
    }
    output.append(contentsOf: body)
  }

  /// "Content-Length: " (16 bytes), at most 19 digits, "\r\n\r\n".
  private static let headerCapacity = 48

  /// Writes `Content-Length: N\r\n\r\n` into `header` (at least `headerCapacity` long)
  /// and answers its length.
  private static func header(forBodyOf count: Int, into header: UnsafeMutableBufferPointer<UInt8>)
    -> Int
  {
    var length = copy("Content-Length: ", into: header, at: 0)
    var digits = 1
    var probe = max(0, count)
    while probe >= 10 {
      probe /= 10
      digits += 1
    }
    var rest = max(0, count)
    for position in stride(from: length + digits - 1, through: length, by: -1) {
      header[position] = UInt8(truncatingIfNeeded: rest % 10) + .zero
      rest /= 10
    }
    length += digits
    return copy("\r\n\r\n", into: header, at: length)
  }

  /// Copies `text` into `buffer` at `start`; answers where it ends.
  private static func copy(
    _ text: StaticString, into buffer: UnsafeMutableBufferPointer<UInt8>, at start: Int
  ) -> Int {
    var end = start
    for byte in UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount) {
      buffer[end] = byte
      end += 1
    }
    return end
  }

  public func append(_ body: ArraySlice<UInt8>, to output: inout [UInt8]) {
    body.withUnsafeBufferPointer { append($0, to: &output) }
  }

  public func append(_ body: [UInt8], to output: inout [UInt8]) {
    append(body[...], to: &output)
  }
}
