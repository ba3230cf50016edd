import JSONRPC
import Testing

// The foundation through the built binary: framing, JSON-RPC rules, limits, endings.
#if canImport(Glibc)
  import Glibc
#endif

@Suite struct TransportEndToEndTests {
  static let ping = #"{"jsonrpc":"2.0","id":1,"method":"shutdown"}"#

  @Test func ndjsonRequestIsAnsweredOnOneLine() throws {
    let daemon = try DaemonProcess()
    let answers = try daemon.exchange([Self.ping], expecting: 1)
    #expect(answers == [try .parse(#"{"jsonrpc":"2.0","id":1,"result":null}"#)])
  }

  @Test func lspRequestIsAnsweredWithContentLength() throws {
    let daemon = try DaemonProcess()
    try daemon.send(DaemonProcess.lspFrame(Self.ping))
    let outcome = try daemon.finish()
    #expect(outcome.stdoutText.hasPrefix("Content-Length: 38\r\n\r\n"))
    #expect(
      try DaemonProcess.lspBodies(outcome.stdout) == [
        try .parse(#"{"jsonrpc":"2.0","id":1,"result":null}"#)
      ])
  }

  @Test func lspMessagesWrittenOneByteAtATimeAreAnswered() throws {
    let daemon = try DaemonProcess()
    let body = #"{"jsonrpc":"2.0","id":"a","method":"initialize"}"#
    for byte in Array((DaemonProcess.lspFrame(body) + DaemonProcess.lspFrame(Self.ping)).utf8) {
      try daemon.send([byte])
    }
    try daemon.read(until: { (try? DaemonProcess.lspBodies($0).count) == 2 })
    let bodies = try DaemonProcess.lspBodies(daemon.stdout)
    #expect(bodies.map { $0["id"] } == [.string("a"), .int(1)])
  }

  @Test func answersAreWrittenWithoutWaitingForMoreInput() throws {
    let daemon = try DaemonProcess()
    // stdin stays open: the answer must come anyway.
    #expect(try daemon.exchange([Self.ping], expecting: 1, timeout: 5).count == 1)
    #expect(try daemon.exchange([Self.ping], expecting: 1, timeout: 5).count == 1)
  }

  @Test func batchAnswersRequestsInOrderAndOmitsNotifications() throws {
    let daemon = try DaemonProcess()
    let batch = #"""
      [{"jsonrpc":"2.0","id":1,"method":"initialize"},{"jsonrpc":"2.0","method":"initialized"},{"jsonrpc":"2.0","id":2,"method":"nope"},7]
      """#
    let answers = try daemon.exchange([batch], expecting: 1)
    let items = try #require(answers.first?.arrayValue)
    #expect(items.count == 3)
    #expect(items[0]["id"] == .int(1))
    #expect(items[1].errorCode == -32601)
    #expect(
      try items[2]
        == .parse(
          #"{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Invalid request: a request must be an object, not a number"}}"#
        ))
  }

  @Test func batchOfOnlyNotificationsProducesNoOutput() throws {
    let daemon = try DaemonProcess()
    try daemon.send(
      #"[{"jsonrpc":"2.0","method":"initialized"},{"jsonrpc":"2.0","method":"nope"}]"# + "\n")
    let outcome = try daemon.finish()
    #expect(outcome.stdout.isEmpty)
    #expect(outcome.status == 0)
  }

  @Test func emptyBatchIsOneInvalidRequest() throws {
    let daemon = try DaemonProcess()
    let answers = try daemon.exchange(["[]"], expecting: 1)
    #expect(answers.first?.errorCode == -32600)
    #expect(answers.first?["id"] == .null)
  }

  @Test func notificationsAreNeverAnsweredEvenWhenTheyFail() throws {
    let daemon = try DaemonProcess()
    try daemon.send(
      #"{"jsonrpc":"2.0","method":"nope"}"# + "\n"
        + #"{"jsonrpc":"2.0","method":"initialize","params":{"positionEncoding":"latin1"}}"# + "\n")
    let outcome = try daemon.finish()
    #expect(outcome.stdout.isEmpty)
  }

  @Test func badJSONIsParseErrorWithNullIdAndTheSessionGoesOn() throws {
    let daemon = try DaemonProcess()
    let answers = try daemon.exchange(
      [#"{"jsonrpc":"2.0","id":1,"method""#, Self.ping], expecting: 2)
    #expect(answers[0].errorCode == -32700)
    #expect(answers[0]["id"] == .null)
    #expect(answers[1]["result"] == .null)
    #expect(answers[1]["id"] == .int(1))
  }

  @Test(arguments: ["12345678901234567890", "-1e400", "1.5", "\"x\"", "null", "-0"])
  func requestIdIsEchoedByteForByte(id: String) throws {
    let daemon = try DaemonProcess()
    try daemon.send(#"{"jsonrpc":"2.0","id":\#(id),"method":"shutdown"}"# + "\n")
    let outcome = try daemon.finish()
    #expect(outcome.stdoutText == #"{"jsonrpc":"2.0","id":\#(id),"result":null}"# + "\n")
  }

  @Test func oversizedMessageIsRefusedAndTheNextIsAnswered() throws {
    let daemon = try DaemonProcess(arguments: ["--max-message-bytes", "1000"])
    let big =
      #"{"jsonrpc":"2.0","id":9,"method":"shutdown","params":{"pad":""#
      + String(repeating: "x", count: 5000) + #""}}"#
    try daemon.send(DaemonProcess.lspFrame(big) + DaemonProcess.lspFrame(Self.ping))
    let outcome = try daemon.finish()
    let bodies = try DaemonProcess.lspBodies(outcome.stdout)
    #expect(bodies.count == 2)
    #expect(bodies[0].errorCode == -32005)
    #expect(bodies[0]["id"] == .null)
    #expect(bodies[1]["id"] == .int(1))
    #expect(outcome.stderrText.contains("larger than the limit"))
  }

  @Test func oversizedNDJSONLineIsRefusedAndTheNextIsAnswered() throws {
    let daemon = try DaemonProcess(arguments: ["--max-message-bytes", "100"])
    let answers = try daemon.exchange(
      [
        #"{"jsonrpc":"2.0","id":9,"method":"x","params":{"pad":""#
          + String(repeating: "y", count: 500) + #""}}"#, Self.ping,
      ],
      expecting: 2)
    #expect(answers[0].errorCode == -32005)
    #expect(answers[1]["id"] == .int(1))
  }

  @Test func headerWithoutContentLengthGetsAnErrorAndTheNextMessageIsAnswered() throws {
    let daemon = try DaemonProcess(arguments: ["--framing", "lsp"])
    try daemon.send(
      "Content-Type: application/vscode-jsonrpc\r\n\r\n" + DaemonProcess.lspFrame(Self.ping))
    let outcome = try daemon.finish()
    let bodies = try DaemonProcess.lspBodies(outcome.stdout)
    #expect(bodies.map(\.errorCode) == [-32003, nil])
    #expect(bodies[1]["id"] == .int(1))
    #expect(outcome.stderrText.split(separator: "\n").count == 1)
  }

  @Test func nonNumericContentLengthIsRefusedAndTheSessionResynchronises() throws {
    let daemon = try DaemonProcess()
    try daemon.send("Content-Length: abc\r\n\r\n{\"junk\":1}" + DaemonProcess.lspFrame(Self.ping))
    let outcome = try daemon.finish()
    let bodies = try DaemonProcess.lspBodies(outcome.stdout)
    #expect(bodies.map(\.errorCode) == [-32003, nil])
  }

  @Test func streamEndingMidMessageAnswersWhatWasCompleteAndExitsZero() throws {
    let daemon = try DaemonProcess()
    try daemon.send(DaemonProcess.lspFrame(Self.ping) + "Content-Length: 100\r\n\r\n{\"jsonrpc\"")
    let outcome = try daemon.finish()
    #expect(try DaemonProcess.lspBodies(outcome.stdout).count == 1)
    #expect(outcome.status == 0)
    #expect(outcome.stderrText.contains("middle of a message"))
  }

  @Test func exitAfterShutdownEndsWithStatusZero() throws {
    let daemon = try DaemonProcess()
    try daemon.send(Self.ping + "\n" + #"{"jsonrpc":"2.0","method":"exit"}"# + "\n")
    let outcome = try daemon.waitForExit()
    #expect(outcome.status == 0)
    #expect(try DaemonProcess.ndjsonValues(outcome.stdout).count == 1)
  }

  @Test func exitWithoutShutdownEndsWithStatusOne() throws {
    let daemon = try DaemonProcess()
    try daemon.send(#"{"jsonrpc":"2.0","method":"exit"}"# + "\n")
    #expect(try daemon.waitForExit().status == 1)
  }

  @Test func requestsAfterShutdownAreInvalid() throws {
    let daemon = try DaemonProcess()
    let answers = try daemon.exchange(
      [Self.ping, #"{"jsonrpc":"2.0","id":2,"method":"initialize"}"#], expecting: 2)
    #expect(answers[1].errorCode == -32600)
  }

  @Test func hundredThousandPipelinedRequestsAreAnsweredInOrder() throws {
    let daemon = try DaemonProcess()
    let count = 100_000
    var input = ""
    input.reserveCapacity(count * 50)
    for id in 0..<count { input += #"{"jsonrpc":"2.0","id":\#(id),"method":"initialize"}"# + "\n" }
    // Written in full before reading: the daemon must keep reading while its answers queue.
    try daemon.send(input, timeout: 120)
    let outcome = try daemon.finish(timeout: 120)
    let answers = try DaemonProcess.ndjsonValues(outcome.stdout)
    #expect(answers.count == count)
    #expect(answers.enumerated().allSatisfy { $0.element["id"] == .int($0.offset) })
  }

  @Test(arguments: [(SIGTERM, Int32(143)), (SIGINT, Int32(130))])
  func terminationSignalEndsPromptlyWithDocumentedStatus(signal: Int32, status: Int32) throws {
    let daemon = try DaemonProcess()
    _ = try daemon.exchange([Self.ping], expecting: 1)
    daemon.send(signal: signal)
    let outcome = try daemon.waitForExit(timeout: 5)
    #expect(outcome.status == status)
  }

  @Test func readerClosingStdoutEndsTheProcessCleanly() throws {
    let daemon = try DaemonProcess()
    _ = try daemon.exchange([Self.ping], expecting: 1)
    daemon.closeStdout()
    try? daemon.send(Self.ping + "\n")
    #expect(try daemon.waitForExit(timeout: 5).status == 0)
  }

  @Test func helpAndVersionPrintToStdoutAndExitZero() throws {
    let help = try DaemonProcess(arguments: ["--help"]).finish()
    #expect(help.status == 0)
    #expect(help.stdoutText.contains("USAGE"))
    let version = try DaemonProcess(arguments: ["--version"]).finish()
    #expect(version.status == 0)
    #expect(version.stdoutText.hasPrefix("petflowd "))
  }

  @Test func unknownOptionIsAUsageErrorWithStatusTwo() throws {
    let outcome = try DaemonProcess(arguments: ["--frobnicate"]).finish()
    #expect(outcome.status == 2)
    #expect(outcome.stderrText.contains("--frobnicate"))
    #expect(outcome.stdout.isEmpty)
  }
}
