import JSONRPC
import Testing

// The protocol's edges through the binary: signals, line separators, byte-order marks, line
// endings, exit in batches and as a request, unknown params, and the bound on integers.
#if canImport(Glibc)
  import Glibc
#endif

@Suite struct ProtocolEdgeTests {
  static let list = #"{"jsonrpc":"2.0","id":1,"method":"field/list"}"#

  // MARK: - Signals

  @Test(arguments: [(SIGTERM, Int32(143)), (SIGINT, Int32(130))])
  func signalEndsTheDaemonWithinASecondWhenNobodyReadsItsOutput(signal: Int32, status: Int32)
    throws
  {
    let daemon = try DaemonProcess()
    // Answers (about 1.5 KB each) far past what the pipe holds, and nobody reads them.
    try daemon.sendWithoutReading(String(repeating: Self.list + "\n", count: 20_000), timeout: 2)
    #expect(try daemon.waitUntilInputIsRead(), "petflowd ended before reading its input")
    daemon.send(signal: signal)
    let ending = try daemon.waitForExitWithoutReading(timeout: 10)
    #expect(ending.status == status)
    // Half a second of grace for the answers already made; the rest is room for a busy machine.
    #expect(ending.seconds < 1, "took \(ending.seconds) s")
  }

  // MARK: - Line separators

  @Test func lineSeparatorsInAnAnswerAreEscapedSoItStaysOneLine() throws {
    let daemon = try DaemonProcess()
    let request =
      #"{"jsonrpc":"2.0","id":"a\u2028b","method":"field/format","params":{"field":"text","text":"x\u2028y\u2029z\u0085"}}"#
    try daemon.send(request + "\n")
    let outcome = try daemon.finish()
    let bytes = outcome.stdout
    #expect(!bytes.contains(0xE2) && !bytes.contains(0xC2), "\(outcome.stdoutText)")
    #expect(outcome.stdoutText.split(whereSeparator: \.isNewline).count == 1)
    let answer = try #require(try DaemonProcess.ndjsonValues(bytes).first)
    #expect(answer["id"] == "a\u{2028}b")
    #expect(answer["result"]?["text"] == "x\u{2028}y\u{2029}z\u{85}")
  }

  // MARK: - Byte-order mark

  @Test func byteOrderMarkBeforeTheFirstNDJSONMessageIsSkipped() throws {
    let daemon = try DaemonProcess()
    try daemon.send([0xEF, 0xBB, 0xBF] + Array((Self.list + "\n").utf8))
    let answers = try DaemonProcess.ndjsonValues(try daemon.finish().stdout)
    #expect(answers.count == 1)
    #expect(answers.first?["result"]?["fields"] != nil)
  }

  @Test func byteOrderMarkBeforeTheFirstLSPMessageIsSkipped() throws {
    let daemon = try DaemonProcess()
    try daemon.send([0xEF, 0xBB, 0xBF] + Array(DaemonProcess.lspFrame(Self.list).utf8))
    let bodies = try DaemonProcess.lspBodies(try daemon.finish().stdout)
    #expect(bodies.first?["result"]?["fields"] != nil)
  }

  @Test func byteOrderMarkArrivingOneByteAtATimeIsSkipped() throws {
    let daemon = try DaemonProcess()
    try daemon.sendInChunks([0xEF, 0xBB, 0xBF], of: 1)
    try daemon.send(Self.list + "\n")
    let answers = try DaemonProcess.ndjsonValues(try daemon.finish().stdout)
    #expect(answers.first?["result"]?["fields"] != nil)
  }

  @Test func byteOrderMarkLaterIsAParseError() throws {
    let daemon = try DaemonProcess()
    try daemon.send(Self.list + "\n")
    try daemon.send([0xEF, 0xBB, 0xBF] + Array((Self.list + "\n").utf8))
    let answers = try DaemonProcess.ndjsonValues(try daemon.finish().stdout)
    #expect(answers.count == 2)
    #expect(answers.last?.errorCode == -32700)
  }

  // MARK: - Line endings and the message limit

  @Test func carriageReturnDoesNotCountAgainstTheMessageLimit() throws {
    let limit = Self.list.utf8.count
    let daemon = try DaemonProcess(arguments: ["--max-message-bytes", String(limit)])
    try daemon.send(Self.list + "\r\n" + Self.list + "\n" + Self.list + " \r\n")
    let answers = try DaemonProcess.ndjsonValues(try daemon.finish().stdout)
    #expect(answers.count == 3)
    #expect(answers[0]["result"]?["fields"] != nil)
    #expect(answers[1]["result"]?["fields"] != nil)
    #expect(answers[2].errorCode == -32005)
  }

  // MARK: - exit

  @Test func batchHoldingExitAnswersItsOtherRequestsFirst() throws {
    let daemon = try DaemonProcess()
    try daemon.send(
      #"[{"jsonrpc":"2.0","id":1,"method":"shutdown"},{"jsonrpc":"2.0","method":"exit"},{"jsonrpc":"2.0","id":2,"method":"field/list"}]"#
        + "\n" + Self.list + "\n")
    let outcome = try daemon.waitForExit()
    #expect(outcome.status == 0)
    let answers = try DaemonProcess.ndjsonValues(outcome.stdout)
    #expect(answers.count == 1)
    let batch = try #require(answers.first?.arrayValue)
    #expect(batch.count == 2)
    #expect(batch[0]["result"] == .null)
    #expect(batch[1].errorCode == -32600)
  }

  @Test func exitSentAsARequestIsAnsweredAndEndsNothing() throws {
    let daemon = try DaemonProcess()
    let answers = try daemon.exchange(
      [#"{"jsonrpc":"2.0","id":7,"method":"exit"}"#, Self.list], expecting: 2)
    #expect(answers[0]["id"] == 7)
    #expect(answers[0].errorCode == -32600)
    #expect(answers[1]["result"]?["fields"] != nil)
    #expect(try daemon.finish().status == 0)
  }

  // MARK: - Params

  @Test(arguments: ["field/list", "flow/list", "shutdown"])
  func methodsWithoutParamsRefuseAnyMember(method: String) throws {
    let daemon = try DaemonProcess()
    let answers = try daemon.exchange(
      [
        #"{"jsonrpc":"2.0","id":1,"method":"\#(method)","params":{"locale":"pl"}}"#,
        #"{"jsonrpc":"2.0","id":2,"method":"\#(method)","params":[]}"#,
        #"{"jsonrpc":"2.0","id":3,"method":"\#(method)","params":{}}"#,
      ], expecting: 3)
    #expect(answers[0].errorCode == -32602)
    #expect(answers[0]["error"]?["data"]?["parameter"] == "locale")
    #expect(answers[1].errorCode == -32602)
    #expect(answers[2]["result"] != nil)
  }

  // MARK: - Integers

  @Test func contentLengthAbove2To53IsABadHeader() throws {
    let bodies = try HostileInputTests.lspSession(
      Array("Content-Length: 9007199254740992\r\n\r\n".utf8))
    #expect(bodies.first?.errorCode == -32003)
  }

  @Test func limitAbove2To53IsAUsageError() throws {
    let daemon = try DaemonProcess(arguments: ["--max-message-bytes", "9007199254740992"])
    let outcome = try daemon.finish()
    #expect(outcome.status == 2)
    #expect(outcome.stderrText.contains("9007199254740991"))
  }
}

// Routing: `initialize` lists the method table's requests, and each is routed by its name.
@Suite struct MethodRoutingTests {
  @Test func everyMethodInitializeListsIsRoutedByItsName() throws {
    let daemon = try DaemonProcess()
    let listed = try #require(
      try daemon.exchange(
        [#"{"jsonrpc":"2.0","id":0,"method":"initialize"}"#], expecting: 1
      ).first?["result"]?["methods"]?.arrayValue
    ).compactMap(\.stringValue)
    #expect(listed.count >= 17)
    // A name entered twice in the table would route to its first entry only.
    #expect(Set(listed).count == listed.count, "a method is listed twice: \(listed)")
    // `shutdown` last: after it every request is refused.
    let ordered = listed.filter { $0 != "shutdown" } + ["shutdown"]
    let requests = ordered.enumerated().map { index, method in
      #"{"jsonrpc":"2.0","id":\#(index + 1),"method":"\#(method)","params":{}}"#
    }
    let answers = try daemon.exchange(requests, expecting: requests.count)
    for (method, answer) in zip(ordered, answers) {
      #expect(answer["error"]?["code"] != -32601, "\(method) is listed but not routed")
    }
    let unknown = try daemon.exchange(
      [#"{"jsonrpc":"2.0","id":99,"method":"field/edits"}"#], expecting: 1)
    #expect(unknown.first?["error"]?["code"] == -32601)
  }
}
