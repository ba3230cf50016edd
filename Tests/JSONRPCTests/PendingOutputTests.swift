import Testing

@testable import JSONRPC
@testable import PetFlowHost

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Answers framed in place leave the way they were framed: LSP headers' unused room is
/// skipped, whether an answer leaves at once or waits behind others for a slow reader.
struct PendingOutputTests {
  /// A pipe whose read end does not block, so that the test reads only what is there.
  private static func pipeEnds() throws -> (read: Int32, write: Int32) {
    var ends: [Int32] = [0, 0]
    try #require(pipe(&ends) == 0)
    _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)
    return (ends[0], ends[1])
  }

  /// Reads what the pipe holds now.
  private static func readAvailable(_ descriptor: Int32, into received: inout [UInt8]) {
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      guard count > 0 else { return }
      received += chunk[..<count]
    }
  }

  /// Queues `bodies` as LSP answers, then flushes while reading, as a slow reader would;
  /// answers the bytes that arrived and what was expected.
  private static func sendThroughPipe(_ bodies: [String]) throws -> (
    received: [UInt8], expected: [UInt8]
  ) {
    let ends = try pipeEnds()
    defer {
      close(ends.read)
      close(ends.write)
    }
    var pending = PendingOutput(descriptor: ends.write)
    let framer = Framer(mode: .lsp)
    var expected: [UInt8] = []
    for body in bodies {
      pending.buffer.leaveRoom(framer.headerRoom)
      let start = pending.buffer.count
      pending.buffer.string(body)
      pending.buffer.beginDocument()
      pending.skip(framer.frame(&pending.buffer, answerFrom: start))
      let json = Array("\"\(body)\"".utf8)
      expected += Array("Content-Length: \(json.count)\r\n\r\n".utf8) + json
    }
    var received: [UInt8] = []
    for _ in 0..<100_000 {
      let outcome = pending.flush()
      readAvailable(ends.read, into: &received)
      if outcome == .done { break }
    }
    return (received, expected)
  }

  @Test func answersWaitingTogetherLeaveWithoutTheirHeadersRoom() throws {
    let sent = try Self.sendThroughPipe(["a", "bé", String(repeating: "c", count: 300)])
    #expect(sent.received == sent.expected)
  }

  @Test func answersOutgrowingThePipeLeaveWholeAcrossPartialWrites() throws {
    // Past the pipe's 64 KiB and the buffer's 1 MiB compaction threshold, with lengths that
    // do not divide the pipe's size: writes end inside bodies, headers and next to gaps.
    let bodies = (0..<3_000).map { String(repeating: "x", count: 500 + $0 % 977) }
    let sent = try Self.sendThroughPipe(bodies)
    #expect(sent.received.count == sent.expected.count)
    #expect(sent.received == sent.expected)
  }
}
