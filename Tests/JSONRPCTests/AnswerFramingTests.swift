import JSONRPC
import Testing

/// Answers leave in the session's framing, framed where they were written.
struct AnswerFramingTests {
  /// `body` written into a writer after `before`, framed there: the bytes that are sent,
  /// the room the header left unused skipped.
  private func framed(_ body: [UInt8], after before: [UInt8] = [], _ mode: FramingMode) -> [UInt8] {
    var output = JSONWriter(capacity: 64)
    before.withUnsafeBufferPointer { output.append(contentsOf: $0) }
    let framer = Framer(mode: mode)
    output.leaveRoom(framer.headerRoom)
    let start = output.count
    body.withUnsafeBufferPointer { output.append(contentsOf: $0) }
    let unused = framer.frame(&output, answerFrom: start)
    var sent = output.bytes
    sent.removeSubrange(unused)
    return sent
  }

  @Test func lspAnswerGetsAContentLengthHeaderCountingBytes() {
    #expect(framed(Array(#""é""#.utf8), .lsp) == Array("Content-Length: 4\r\n\r\n\"é\"".utf8))
  }

  @Test(arguments: [0, 1, 9, 10, 99, 100, 999, 1_000, 65_535, 100_000, 1_048_576])
  func contentLengthIsTheBodysByteCount(length: Int) {
    let body = [UInt8](repeating: UInt8(ascii: "x"), count: length)
    #expect(framed(body, .lsp) == Array("Content-Length: \(length)\r\n\r\n".utf8) + body)
  }

  @Test func ndjsonAnswerEndsWithANewline() {
    #expect(framed(Array("{}".utf8), .ndjson) == Array("{}\n".utf8))
  }

  @Test func lspBodyIsWrittenOnceAndNeverMoved() {
    var output = JSONWriter(capacity: 64)
    let framer = Framer(mode: .lsp)
    output.leaveRoom(framer.headerRoom)
    let start = output.count
    output.string("é")
    let unused = framer.frame(&output, answerFrom: start)
    // The header ends where the body starts; the room before it is left unused.
    #expect(unused == 0..<(start - "Content-Length: 4\r\n\r\n".utf8.count))
    #expect(
      Array(output.bytes[unused.upperBound...]) == Array("Content-Length: 4\r\n\r\n\"é\"".utf8))
  }

  @Test func ndjsonLeavesNoRoom() {
    var output = JSONWriter(capacity: 64)
    let framer = Framer(mode: .ndjson)
    #expect(framer.headerRoom == 0)
    #expect(framer.frame(&output, answerFrom: 0).isEmpty)
  }

  @Test(arguments: [FramingMode.ndjson, .lsp])
  func answersAreFramedAfterWhatTheOutputHolds(mode: FramingMode) {
    let first = framed(Array("{}".utf8), mode)
    #expect(framed(Array("[]".utf8), after: first, mode) == first + framed(Array("[]".utf8), mode))
  }
}
