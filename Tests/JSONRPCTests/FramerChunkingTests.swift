import JSONRPC
import TestSupport
import Testing

/// The framer answers the same events however the stream is cut into reads.
struct FramerChunkingTests {
  /// An LSP session with every kind of event: messages, blank lines, bad headers, a
  /// refused charset, an oversized body, an unknown header, a bare body.
  static let lspStream: String = {
    let body = #"{"jsonrpc":"2.0","id":1,"method":"m","params":{"text":"é🐶"}}"#
    return lsp(body) + "\r\n" + lsp("[]")
      + "Content-Length: nope\r\n\r\n" + lsp(#"{"id":2}"#)
      + "X-Anything: 1\r\ncontent-length: 7\r\n\r\n{\"a\":1}"
      + "Content-Type: a; charset=latin1\r\nContent-Length: 2\r\n\r\n{}" + lsp("3")
      + lsp(String(repeating: "z", count: 300)) + lsp(#"{"after":"big"}"#)
      + "Content-Length: 5\r\nno colon\r\n\r\n" + lsp("4")
      + "{\"bare\":true}\r\n" + lsp("5")
      + "\r\n\r\n" + lsp(body)
  }()

  static let ndjsonStream: String = {
    "\n {\"a\":1}\r\n\n[2]\n" + "[" + String(repeating: "9,", count: 200) + "9]\n"
      + "{\"é\":\"🐶\"}\n  \t\n3\n" + "{\"last\":true}"
  }()

  static let maxMessageBytes = 200

  @Test func lspStreamFedWholeGivesTheExpectedEvents() {
    let events = frames(Self.lspStream, maxMessageBytes: Self.maxMessageBytes)
    let messages = events.filter { if case .message = $0 { true } else { false } }
    #expect(messages.count == 9)
    #expect(events.count == 14)
  }

  @Test func lspStreamFedOneByteAtATimeGivesIdenticalEvents() {
    let whole = frames(Self.lspStream, maxMessageBytes: Self.maxMessageBytes)
    #expect(framesByteByByte(Self.lspStream, maxMessageBytes: Self.maxMessageBytes) == whole)
  }

  @Test(arguments: [1, 2, 3, 7, 64, 2026] as [UInt64])
  func lspStreamFedInRandomChunksGivesIdenticalEvents(seed: UInt64) {
    let bytes = Array(Self.lspStream.utf8)
    let whole = frames([bytes], maxMessageBytes: Self.maxMessageBytes)
    var generator = SplitMix64(seed: seed)
    for maxChunk in [2, 5, 16, 100, 1000] {
      let chunks = generator.chunks(of: bytes, maxChunk: maxChunk)
      #expect(frames(chunks, maxMessageBytes: Self.maxMessageBytes) == whole)
    }
  }

  @Test func ndjsonStreamFedWholeGivesTheExpectedEvents() {
    let events = frames(Self.ndjsonStream, maxMessageBytes: Self.maxMessageBytes, finishing: true)
    #expect(
      events == [
        .message("{\"a\":1}\r"), .message("[2]"),
        .error(.messageTooLarge(length: nil, limit: Self.maxMessageBytes)),
        .message("{\"é\":\"🐶\"}"), .message("3"), .message("{\"last\":true}"),
      ])
  }

  @Test func ndjsonStreamFedOneByteAtATimeGivesIdenticalEvents() {
    let whole = frames(Self.ndjsonStream, maxMessageBytes: Self.maxMessageBytes, finishing: true)
    let byByte = framesByteByByte(
      Self.ndjsonStream, maxMessageBytes: Self.maxMessageBytes, finishing: true)
    #expect(byByte == whole)
  }

  @Test(arguments: [1, 2, 3, 7, 64, 2026] as [UInt64])
  func ndjsonStreamFedInRandomChunksGivesIdenticalEvents(seed: UInt64) {
    let bytes = Array(Self.ndjsonStream.utf8)
    let whole = frames([bytes], maxMessageBytes: Self.maxMessageBytes, finishing: true)
    var generator = SplitMix64(seed: seed)
    for maxChunk in [2, 5, 16, 100, 1000] {
      let chunks = generator.chunks(of: bytes, maxChunk: maxChunk)
      #expect(frames(chunks, maxMessageBytes: Self.maxMessageBytes, finishing: true) == whole)
    }
  }

  @Test(arguments: [FramingMode.lsp, .ndjson])
  func encodedRandomMessagesAreCutBackOutInAnyChunking(mode: FramingMode) throws {
    var random = RandomJSON(seed: 0xF4A3)
    var output = JSONWriter()
    var bodies: [Frame] = []
    var unused: [Range<Int>] = []
    for _ in 0..<300 {
      let body = written(random.value())
      let framer = Framer(mode: mode)
      output.leaveRoom(framer.headerRoom)
      let start = output.count
      body.withUnsafeBufferPointer { output.append(contentsOf: $0) }
      unused.append(framer.frame(&output, answerFrom: start))
      bodies.append(.message(String(decoding: body, as: UTF8.self)))
    }
    var stream = output.bytes
    for gap in unused.reversed() { stream.removeSubrange(gap) }
    var generator = SplitMix64(seed: 99)
    let chunks = generator.chunks(of: stream, maxChunk: 300)
    #expect(frames(chunks, mode: mode) == bodies)
  }
}
