import JSONRPC
import Testing

// How the process ends: promptly, with its documented status, never mid-message.
#if canImport(Glibc)
  import Glibc
#endif

@Suite struct EndingsTests {
  /// Writes many requests without reading, so answers pile up unread, then signals. protocol.md
  /// allows the answer being written at the signal to be cut short, and no more: every line
  /// before it is a whole answer, and what follows the last newline begins one.
  @Test(arguments: [(SIGTERM, Int32(143)), (SIGINT, Int32(130))])
  func signalWithAnswersPendingCutsAtMostTheLastAnswer(signal: Int32, status: Int32) throws {
    let daemon = try DaemonProcess()
    let request = #"{"jsonrpc":"2.0","id":1,"method":"field/list"}"#
    let answer = try #require(try daemon.exchange([request], expecting: 1).first)
    #expect(answer["result"]?["fields"] != nil)
    let whole = daemon.stdout
    // Each answer is ~1.5 KB: 2,000 of them overflow the pipe, so some wait inside petflowd.
    try daemon.sendWithoutReading(String(repeating: request + "\n", count: 2_000))
    #expect(try daemon.waitUntilInputIsRead(), "petflowd ended before reading its input")
    daemon.send(signal: signal)
    let outcome = try daemon.waitForExit(timeout: 10)
    #expect(outcome.status == status)
    let lines = outcome.stdout.split(separator: 10, omittingEmptySubsequences: false)
    #expect(lines.dropLast().allSatisfy { $0.elementsEqual(whole.dropLast()) })
    let cut = lines.last ?? []
    #expect(whole.starts(with: cut), "\(String(decoding: cut, as: UTF8.self))")
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
