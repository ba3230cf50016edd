import JSONRPC
import Testing

/// Answers leave in the session's framing.
struct FrameEncoderTests {
  @Test func lspAnswerGetsAContentLengthHeaderCountingBytes() {
    var output: [UInt8] = []
    FrameEncoder(mode: .lsp).append(ArraySlice(#""é""#.utf8), to: &output)
    #expect(output == Array("Content-Length: 4\r\n\r\n\"é\"".utf8))
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
