import JSONRPC
import Testing

// The 64 MiB of unread answers petflowd holds for a reader that writes before it reads,
// reached through the binary: past it petflowd stops reading, and goes on once read.
#if canImport(Glibc)
  import Glibc
#endif

@Suite struct UnreadAnswersTests {
  static let cap = 64 * 1024 * 1024
  static let request = #"{"jsonrpc":"2.0","id":1,"method":"field/list"}"# + "\n"

  @Test func pastTheCapPetflowdStopsReadingUntilTheReaderCatchesUp() throws {
    let daemon = try DaemonProcess()
    let answer = try daemon.exchange([String(Self.request.dropLast())], expecting: 1)
    #expect(answer.first?["result"]?["fields"] != nil)
    let answerBytes = daemon.stdout.count
    // Answers for a quarter more than the cap, so it is reached before the requests run out.
    let count = Self.cap / answerBytes * 5 / 4
    let requests = Array(String(repeating: Self.request, count: count).utf8)
    _ = fcntl(daemon.stdinFD, F_SETFL, fcntl(daemon.stdinFD, F_GETFL) | O_NONBLOCK)

    // Write without reading until petflowd sleeps with input waiting for it: it is then
    // not waiting to read. The input must stay the same across the look, or it was reading.
    var written = 0
    var stopped = false
    while !stopped, written < requests.count {
      let result = requests.withUnsafeBytes {
        write(daemon.stdinFD, $0.baseAddress.map { $0 + written }, requests.count - written)
      }
      if result > 0 { written += result }
      let unread = daemon.unreadInput
      stopped = unread > 0 && daemon.isAsleep && daemon.unreadInput == unread
      if !stopped {
        var descriptor = pollfd(fd: daemon.stdinFD, events: Int16(POLLOUT), revents: 0)
        _ = poll(&descriptor, 1, 10)
      }
    }
    try #require(stopped, "petflowd read all \(count) requests without stopping")

    // What it read is answered (one read at a time, whole); what the pipe does not hold is
    // what it keeps: at least the cap, and no more than the cap plus one read's answers.
    let read = written - daemon.unreadInput
    let made = read / Self.request.utf8.count * answerBytes
    let kept = made - daemon.unreadOutput
    let oneRead = (64 * 1024 / Self.request.utf8.count + 1) * answerBytes
    #expect(kept >= Self.cap, "stopped reading with \(kept) bytes of answers kept")
    #expect(kept <= Self.cap + oneRead, "kept \(kept) bytes of answers")

    // Reading catches up: every request is answered, and the input's end is a clean exit.
    try daemon.send(Array(requests[written...]))
    let outcome = try daemon.finish()
    #expect(outcome.status == 0)
    // Every answer is the first one again, so the bytes count them (80 MiB, not parsed here).
    #expect(outcome.stdout.count == (count + 1) * answerBytes)
    #expect(outcome.stdout.suffix(answerBytes) == outcome.stdout.prefix(answerBytes))
  }
}
