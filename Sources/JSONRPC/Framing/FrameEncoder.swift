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
    let prefix: StaticString = "Content-Length: "
    output.append(
      contentsOf: UnsafeBufferPointer(start: prefix.utf8Start, count: prefix.utf8CodeUnitCount))
    Self.appendDecimal(body.count, to: &output)
    output.append(contentsOf: [.carriageReturn, .lineFeed, .carriageReturn, .lineFeed])
    output.append(contentsOf: body)
  }

  public func append(_ body: ArraySlice<UInt8>, to output: inout [UInt8]) {
    body.withUnsafeBufferPointer { append($0, to: &output) }
  }

  public func append(_ body: [UInt8], to output: inout [UInt8]) {
    append(body[...], to: &output)
  }

  /// A non-negative count in decimal, without building a `String`.
  private static func appendDecimal(_ value: Int, to output: inout [UInt8]) {
    var divisor = 1
    while divisor <= value / 10 { divisor *= 10 }
    var rest = max(0, value)
    repeat {
      output.append(UInt8(truncatingIfNeeded: rest / divisor) + .zero)
      rest %= divisor
      divisor /= 10
    } while divisor > 0
  }
}
