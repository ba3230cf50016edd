import JSONRPC
import Testing

/// LSP base protocol framing: `Content-Length` headers, a blank line, the body.
struct FramerLSPTests {
  private let body = #"{"jsonrpc":"2.0","id":1,"method":"m"}"#
  private let next = #"{"jsonrpc":"2.0","id":2,"method":"n"}"#

  @Test func messageIsCutFromItsHeader() {
    #expect(frames(lsp(body)) == [.message(body)])
  }

  @Test func severalMessagesInOneChunkComeOutInOrder() {
    #expect(
      frames(lsp(body) + lsp(next) + lsp("[]")) == [.message(body), .message(next), .message("[]")])
  }

  @Test func autoModeChoosesLSPForAHeader() {
    var framer = Framer()
    _ = frames([Array(lsp(body).utf8)], framer: &framer)
    #expect(framer.mode == .lsp)
  }

  @Test func messageIsNotReleasedBeforeItsLastByte() {
    let stream = Array(lsp(body).utf8)
    var framer = Framer()
    framer.append(Array(stream.dropLast()))
    #expect(framer.next() == nil)
    framer.append([stream[stream.count - 1]])
    #expect(framer.next().map(Frame.init) == .message(body))
  }

  @Test func bytesAfterTheBodyStartTheNextMessage() {
    let stream = lsp(body) + "Content-Length: 2\r\n"
    var framer = Framer()
    let events = frames([Array(stream.utf8)], framer: &framer)
    #expect(events == [.message(body)])
    #expect(framer.hasPartialMessage)
  }

  @Test func emptyBodyIsAMessage() {
    #expect(frames("Content-Length: 0\r\n\r\n" + lsp(body)) == [.message(""), .message(body)])
  }

  @Test(arguments: ["content-length", "CONTENT-LENGTH", "Content-length", "cOnTeNt-LeNgTh"])
  func headerNamesAreCaseInsensitive(name: String) {
    #expect(frames("\(name): \(body.utf8.count)\r\n\r\n\(body)") == [.message(body)])
  }

  @Test(arguments: [":7", ":   7", ":\t7\t", ": 7   ", ":\t 7 \t"])
  func whitespaceAroundHeaderValueIsTolerated(separator: String) {
    #expect(frames("Content-Length\(separator)\r\n\r\n{\"a\":1}") == [.message(#"{"a":1}"#)])
  }

  @Test func bareLineFeedsEndHeaderLines() {
    #expect(frames("Content-Length: 7\n\n{\"a\":1}") == [.message(#"{"a":1}"#)])
  }

  @Test func leadingZerosInContentLengthAreRead() {
    #expect(frames("Content-Length: 007\r\n\r\n{\"a\":1}") == [.message(#"{"a":1}"#)])
  }

  @Test func unknownHeadersAreIgnored() {
    let stream = "X-Trace: abc\r\nContent-Length: 7\r\nX-Other:\r\n\r\n{\"a\":1}"
    #expect(frames(stream) == [.message(#"{"a":1}"#)])
  }

  @Test(arguments: [
    "application/vscode-jsonrpc; charset=utf-8", "application/vscode-jsonrpc; charset=utf8",
    #"application/vscode-jsonrpc; charset="UTF-8""#, "application/json;charset=UTF8",
    "application/json", "application/vscode-jsonrpc; foo=bar; CHARSET = utf-8 ",
  ])
  func contentTypeWithUTF8CharsetIsAccepted(contentType: String) {
    let stream = "Content-Length: 7\r\nContent-Type: \(contentType)\r\n\r\n{\"a\":1}"
    #expect(frames(stream) == [.message(#"{"a":1}"#)])
  }

  @Test(arguments: [
    ("application/vscode-jsonrpc; charset=latin1", "latin1"),
    ("application/json; charset=utf-16", "utf-16"),
    (#"text/plain; charset="ISO-8859-1""#, "ISO-8859-1"),
  ])
  func contentTypeWithOtherCharsetIsRefused(contentType: String, charset: String) {
    let stream = "Content-Length: 7\r\nContent-Type: \(contentType)\r\n\r\n{\"a\":1}"
    #expect(frames(stream).first == .error(.unsupportedCharset(charset)))
  }

  /// The refused message's body is skipped whichever header comes first; it must not be
  /// answered as if it were the next message.
  @Test(arguments: [
    "Content-Type: text/plain; charset=latin1\r\nContent-Length: 7\r\n\r\n{\"a\":1}",
    "Content-Length: 7\r\nContent-Type: text/plain; charset=latin1\r\n\r\n{\"a\":1}",
  ])
  func refusedCharsetSkipsItsBodyAndTheNextMessageComesThrough(refused: String) {
    let expected: [Frame] = [.error(.unsupportedCharset("latin1")), .message(body)]
    #expect(frames(refused + lsp(body)) == expected)
    #expect(framesByteByByte(refused + lsp(body)) == expected)
  }

  @Test func missingContentLengthIsRefused() {
    let events = frames("Content-Type: application/json\r\n\r\n{\"a\":1}")
    #expect(events == [.error(.invalidHeader("no Content-Length header"))])
  }

  @Test(arguments: ["-5", "abc", "5x", "+5", "", "5 5", "0x10", "1.0", "５"])
  func unusableContentLengthIsRefused(value: String) {
    let events = frames("Content-Length: \(value)\r\n\r\n{\"a\":1}")
    #expect(events == [.error(.invalidHeader("Content-Length is not a non-negative integer"))])
  }

  @Test(arguments: ["99999999999999999999999", "9223372036854775808"])
  func contentLengthBeyondIntIsAnInvalidHeader(value: String) {
    // No stream carries that many bytes: skipping them would swallow the session.
    let events = frames("Content-Length: \(value)\r\n\r\n{}", maxMessageBytes: 1024)
    #expect(events == [.error(.invalidHeader("Content-Length is not a non-negative integer"))])
  }

  @Test func conflictingContentLengthsAreRefused() {
    let events = frames("Content-Length: 7\r\nContent-Length: 8\r\n\r\n{\"a\":1}")
    #expect(events == [.error(.invalidHeader("conflicting Content-Length headers"))])
  }

  @Test func repeatedEqualContentLengthIsAccepted() {
    let stream = "Content-Length: 7\r\ncontent-length: 7\r\n\r\n{\"a\":1}"
    #expect(frames(stream) == [.message(#"{"a":1}"#)])
  }

  @Test func headerLineWithoutColonIsRefused() {
    let events = frames("Content-Length 7\r\n\r\n{\"a\":1}")
    #expect(events == [.error(.invalidHeader("header line without a colon"))])
  }

  @Test(arguments: ["Content Length: 7", "Content-Length : 7", "a(x): 1", "Content-Length\u{0}: 7"])
  func malformedHeaderNameIsRefused(line: String) {
    let events = frames("\(line)\r\n\r\n{\"a\":1}", mode: .lsp)
    #expect(events.first == .error(.invalidHeader("malformed header name")))
  }

  @Test func bareJSONBodyIsRefusedAtOnce() {
    var framer = Framer(mode: .lsp)
    framer.append(Array(body.utf8))
    let event = framer.next().map(Frame.init)
    #expect(event == .error(.invalidHeader("expected a header such as Content-Length")))
  }

  @Test func bareJSONBodyIsRefusedOnceNotPerByte() {
    #expect(frames(body + "\n" + lsp(next), mode: .lsp).count == 2)
    #expect(framesByteByByte(body + "\n" + lsp(next), mode: .lsp).count == 2)
  }

  @Test(arguments: [
    "Content-Length: abc\r\n\r\n",
    "Content-Length: -1\r\n\r\n{\"a\":1}",
    "Content-Type: application/json\r\n\r\n{\"a\":1}",
    "Content-Length: 7\r\nContent-Length: 8\r\n\r\n{\"a\":1}",
    "no colon here\r\n\r\n",
    "garbage ending in a bare line feed\n",
    "{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"x\"}\r\n",
    "Content-Length: 7\r\nContent-Type: a; charset=latin1\r\n\r\n{\"a\":1}",
    "\u{1}\u{2}\r\n\r\n",
  ])
  func nextGoodMessageComesThroughAfterABadHeader(bad: String) {
    for events in [
      frames(bad + lsp(body), mode: .lsp), framesByteByByte(bad + lsp(body), mode: .lsp),
    ] {
      #expect(events.count == 2)
      #expect(events.last == .message(body))
    }
  }

  @Test func splitContentLengthNameIsFoundWhileResynchronising() {
    let stream = Array(("junk!\r\n" + lsp(body)).utf8)
    let split = 7 + 5  // inside "Content-Length"
    let events = frames([Array(stream[..<split]), Array(stream[split...])], mode: .lsp)
    #expect(events.last == .message(body))
  }

  @Test func oversizedMessageIsSkippedAndTheNextIsIntact() {
    let big = String(repeating: "x", count: 17)
    let events = frames(lsp(big) + lsp("[1]"), maxMessageBytes: 16)
    #expect(events == [.error(.messageTooLarge(length: 17, limit: 16)), .message("[1]")])
  }

  @Test func messageOfExactlyTheLimitIsAccepted() {
    let exact = String(repeating: "1", count: 16)
    #expect(frames(lsp(exact), maxMessageBytes: 16) == [.message(exact)])
  }

  @Test func oversizedBodyArrivingInManyChunksIsSkipped() {
    let big = "[" + String(repeating: "0,", count: 50_000) + "0]"
    let header = Array("Content-Length: \(big.utf8.count)\r\n\r\n".utf8)
    var chunks = [header]
    var remaining = Array(big.utf8)[...]
    while !remaining.isEmpty {
      chunks.append(Array(remaining.prefix(1000)))
      remaining = remaining.dropFirst(1000)
    }
    chunks.append(Array(lsp(body).utf8))
    let events = frames(chunks, maxMessageBytes: 64)
    #expect(
      events == [.error(.messageTooLarge(length: big.utf8.count, limit: 64)), .message(body)])
  }

  @Test func oversizedBodyEndingInsideAChunkLeavesTheRestForTheNextMessage() {
    let big = String(repeating: "x", count: 80)
    let stream = Array((lsp(big) + lsp(body)).utf8)
    let headerLength = "Content-Length: 80\r\n\r\n".utf8.count
    let cut = headerLength + 70
    let events = frames([Array(stream[..<cut]), Array(stream[cut...])], maxMessageBytes: 64)
    #expect(events == [.error(.messageTooLarge(length: 80, limit: 64)), .message(body)])
  }

  @Test func oversizedBodyCutShortIsAPartialMessage() {
    var framer = Framer(maxMessageBytes: 16)
    _ = frames([Array("Content-Length: 1000\r\n\r\nxxxx".utf8)], framer: &framer)
    #expect(framer.hasPartialMessage)
  }

  @Test func headerBlockOfManyLinesOverTheLimitIsRefused() {
    let padding = String(
      repeating: "X-Padding: \(String(repeating: "p", count: 100))\r\n", count: 170)
    let events = frames(padding + "\r\n" + lsp(body))
    #expect(events == [.error(.headerTooLarge(limit: Framer.maxHeaderBytes)), .message(body)])
  }

  @Test func headerLineLongerThanTheLimitIsRefusedBeforeItEnds() {
    let line = "X-Long: " + String(repeating: "l", count: Framer.maxHeaderBytes)
    var framer = Framer()
    let events = frames([Array(line.utf8)], framer: &framer)
    #expect(events == [.error(.headerTooLarge(limit: Framer.maxHeaderBytes))])
    #expect(frames([Array(("\r\n\r\n" + lsp(body)).utf8)], framer: &framer) == [.message(body)])
  }

  @Test func headerBlockJustUnderTheLimitIsAccepted() {
    let filler = "X-Pad: " + String(repeating: "p", count: Framer.maxHeaderBytes - 40)
    let stream = "\(filler)\r\nContent-Length: 2\r\n\r\n[]"
    #expect(frames(stream) == [.message("[]")])
  }

  @Test func blankLinesBetweenMessagesAreTolerated() {
    let stream = "\r\n\r\n" + lsp(body) + "\r\n\n \t\r\n" + lsp(next) + "\r\n"
    #expect(frames(stream) == [.message(body), .message(next)])
  }

  @Test func freshFramerHasNoPartialMessage() {
    #expect(!Framer().hasPartialMessage)
  }

  @Test(arguments: ["Content-Len", "Content-Length: 7\r\n", "Content-Length: 7\r\n\r\n{\"a\""])
  func streamEndingMidMessageHasAPartialMessage(stream: String) {
    var framer = Framer()
    #expect(frames([Array(stream.utf8)], framer: &framer).isEmpty)
    #expect(framer.hasPartialMessage)
  }

  @Test func streamEndingBetweenMessagesHasNoPartialMessage() {
    var framer = Framer()
    _ = frames([Array((lsp(body) + "\r\n ").utf8)], framer: &framer)
    #expect(!framer.hasPartialMessage)
  }

  @Test func finishYieldsNothingInLSPMode() {
    var framer = Framer(mode: .lsp)
    _ = frames([Array("Content-Length: 7\r\n\r\n{}".utf8)], framer: &framer)
    #expect(framer.finish() == nil)
  }
}
