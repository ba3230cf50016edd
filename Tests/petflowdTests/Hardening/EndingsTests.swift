import JSONRPC
import Testing

// How the process ends: promptly, with its documented status, never mid-message.
#if canImport(Glibc)
  import Glibc
#endif

@Suite struct EndingsTests {
  /// Writes many requests without reading, so answers pile up unread, then signals.
  @Test(arguments: [(SIGTERM, Int32(143)), (SIGINT, Int32(130))])
  func signalWithAnswersPendingNeverLeavesAHalfWrittenMessage(signal: Int32, status: Int32) throws {
    let daemon = try DaemonProcess()
    let request = #"{"jsonrpc":"2.0","id":1,"method":"field/list"}"# + "\n"
    // Each answer is ~1.5 KB: 2,000 of them overflow the pipe, so some wait inside petflowd.
    try daemon.sendWithoutReading(String(repeating: request, count: 2_000))
    usleep(200_000)
    daemon.send(signal: signal)
    let outcome = try daemon.waitForExit(timeout: 10)
    #expect(outcome.status == status)
    #expect(outcome.stdout.isEmpty || outcome.stdout.last == 10)
    let answers = try DaemonProcess.ndjsonValues(outcome.stdout)
    #expect(answers.allSatisfy { $0["result"]?["fields"] != nil })
  }

  @Test func endOfInputAnswersEverythingAndExitsZero() throws {
    let daemon = try DaemonProcess()
    let request = #"{"jsonrpc":"2.0","id":1,"method":"field/list"}"# + "\n"
    try daemon.send(String(repeating: request, count: 500))
    let outcome = try daemon.finish()
    #expect(outcome.status == 0)
    #expect(try DaemonProcess.ndjsonValues(outcome.stdout).count == 500)
  }

  @Test func readerClosingStdoutWhileIdleEndsTheProcessWithinSeconds() throws {
    let daemon = try DaemonProcess()
    _ = try daemon.exchange([#"{"jsonrpc":"2.0","id":1,"method":"field/list"}"#], expecting: 1)
    // Nothing more is sent: petflowd must notice on its own (its wake-up timer).
    daemon.closeStdout()
    #expect(try daemon.waitForExit(timeout: 5).status == 0)
  }
}
