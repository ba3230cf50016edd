import JSONRPC
import Testing

/// Answers leave in the session's framing.
struct FrameEncoderTests {
  @Test func lspAnswerGetsAContentLengthHeaderCountingBytes() {
    var output: [UInt8] = []
    FrameEncoder(mode: .lsp).append(ArraySlice(#""é""#.utf8), to: &output)
    #expect(output == Array("Content-Length: 4\r\n\r\n\"é\"".utf8))
  }

  /// The length's digits are written last first into a stack buffer: every digit count.
  @Test(arguments: [0, 1, 9, 10, 99, 100, 999, 1_000, 65_535, 100_000, 1_048_576])
  func contentLengthIsTheBodysByteCount(length: Int) {
    var output: [UInt8] = []
    let body = [UInt8](repeating: UInt8(ascii: "x"), count: length)
    FrameEncoder(mode: .lsp).append(body, to: &output)
    #expect(output == Array("Content-Length: \(length)\r\n\r\n".utf8) + body)
  }

  @Test func ndjsonAnswerEndsWithANewline() {
    var output: [UInt8] = []
    FrameEncoder(mode: .ndjson).append(ArraySlice("{}".utf8), to: &output)
    #expect(output == Array("{}\n".utf8))
  }

  @Test func answersAreAppendedAfterWhatTheOutputHolds() {
    var output = Array("{}\n".utf8)
    FrameEncoder(mode: .ndjson).append(ArraySlice("[]".utf8), to: &output)
    #expect(output == Array("{}\n[]\n".utf8))
  }
}
