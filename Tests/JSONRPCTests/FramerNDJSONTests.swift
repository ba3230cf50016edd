import JSONRPC
import Testing

/// Newline-delimited JSON framing: one value per line, chosen when the stream opens with
/// `{` or `[`.
struct FramerNDJSONTests {
  @Test(arguments: ["{}\n", "[]\n", "  {}\n", "\r\n\t [1]\n", "\n\n{\"a\":1}\n"])
  func autoModeChoosesNDJSONForAnOpeningBraceOrBracket(stream: String) {
    var framer = Framer()
    let events = frames([Array(stream.utf8)], framer: &framer)
    #expect(framer.mode == .ndjson)
    #expect(events.count == 1)
  }

  @Test(arguments: ["Content-Length: 2\r\n\r\n[]", "  \"a\"\n", "1\n", "x"])
  func autoModeChoosesLSPForAnythingElse(stream: String) {
    var framer = Framer()
    _ = frames([Array(stream.utf8)], framer: &framer)
    #expect(framer.mode == .lsp)
  }

  @Test func autoModeWaitsForTheFirstNonWhitespaceByte() {
    var framer = Framer()
    _ = frames([Array(" \r\n\t".utf8)], framer: &framer)
    #expect(framer.mode == .auto)
    _ = frames([Array("[".utf8)], framer: &framer)
    #expect(framer.mode == .ndjson)
  }

  @Test func linesComeOutInOrder() {
    let events = frames("{\"a\":1}\n[2]\n{\"c\":3}\n")
    #expect(events == [.message(#"{"a":1}"#), .message("[2]"), .message(#"{"c":3}"#)])
  }

  @Test func laterLinesNeedNotOpenWithABrace() {
    #expect(frames("{}\n\"x\"\n3\n") == [.message("{}"), .message("\"x\""), .message("3")])
  }

  @Test func forcedNDJSONModeTakesAnyFirstLine() {
    #expect(frames("1\n{}\n", mode: .ndjson) == [.message("1"), .message("{}")])
  }

  @Test func carriageReturnLineEndingsYieldTheSameValues() throws {
    let events = frames("{\"a\":1}\r\n[2]\r\n")
    #expect(events.count == 2)
    let values = events.compactMap { frame -> JSONValue? in
      guard case .message(let text) = frame else { return nil }
      return parse(text)
    }
    #expect(values == [["a": 1], [2]])
  }

  @Test func blankLinesAreSkipped() {
    let events = frames("{}\n\n\r\n  \t \n[]\n\n")
    #expect(events == [.message("{}"), .message("[]")])
  }

  @Test func lineIsNotReleasedBeforeItsNewline() {
    var framer = Framer()
    _ = frames([Array("{\"a\":1}".utf8)], framer: &framer)
    #expect(framer.hasPartialMessage)
    #expect(frames([[0x0A]], framer: &framer) == [.message(#"{"a":1}"#)])
  }

  @Test func oversizedLineIsSkippedAndTheNextIsIntact() {
    let long = "[" + String(repeating: "1,", count: 20) + "1]"
    let events = frames(long + "\n[2]\n", maxMessageBytes: 16)
    #expect(events == [.error(.messageTooLarge(length: nil, limit: 16)), .message("[2]")])
  }

  @Test func lineOfExactlyTheLimitIsAccepted() {
    let exact = "[" + String(repeating: "1", count: 14) + "]"
    #expect(frames(exact + "\n", maxMessageBytes: 16) == [.message(exact)])
  }

  @Test func oversizedLineSplitAcrossChunksIsSkippedAndTheNextIsIntact() {
    let chunks = ["[1111111111", "1111111111", "1111111111", "11]\n[", "2]\n"]
    let events = frames(chunks.map { Array($0.utf8) }, maxMessageBytes: 16)
    #expect(events == [.error(.messageTooLarge(length: nil, limit: 16)), .message("[2]")])
  }

  @Test func oversizedLineFedByteByByteIsSkippedAndTheNextIsIntact() {
    let long = "[" + String(repeating: "1,", count: 20) + "1]"
    let events = framesByteByByte(long + "\n[2]\n", maxMessageBytes: 16)
    #expect(events == [.error(.messageTooLarge(length: nil, limit: 16)), .message("[2]")])
  }

  @Test func lineBeingSkippedIsNotAPartialMessage() {
    var framer = Framer(maxMessageBytes: 4)
    _ = frames([Array("[1,2,3,4".utf8)], framer: &framer)
    #expect(!framer.hasPartialMessage)
  }

  @Test func finishYieldsALastLineWithoutNewline() {
    #expect(frames("{}\n[1]", finishing: true) == [.message("{}"), .message("[1]")])
  }

  @Test func finishYieldsNothingAfterAFinalNewline() {
    #expect(frames("{}\n  \n", finishing: true) == [.message("{}")])
  }

  @Test func finishYieldsNothingForALastLineBeingSkipped() {
    let events = frames("[1111111111111111111", maxMessageBytes: 8, finishing: true)
    #expect(events == [.error(.messageTooLarge(length: nil, limit: 8))])
  }

  @Test func finishYieldsNothingForAnEmptyStream() {
    var framer = Framer()
    #expect(framer.finish() == nil)
  }
}
