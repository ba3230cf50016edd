import JSONRPC
import PetFlowKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs a JSON-RPC session over stdin and stdout until the input ends, the reader goes
/// away, a termination signal arrives, or the server asks to exit.
///
/// One thread, one pass: read a chunk, cut it into messages, answer each in order into one
/// output buffer, write once per chunk. Idle, the loop blocks in `read` (`IdleWakeUp`); with
/// answers waiting (`PendingOutput`), `poll` watches both ends.
public struct StdioTransport {
  /// What the transport itself decides; the limits on messages are the server's
  /// (`PetFlowServer.Limits`), so that `handle` in process keeps them too.
  public struct Options: Sendable {
    public var framing: FramingMode = .auto
    public init() {}
  }

  public enum Ending: Equatable, Sendable {
    /// Standard input reached its end; everything complete was answered.
    case endOfInput
    /// The reader closed our standard output.
    case outputClosed
    /// SIGTERM or SIGINT.
    case signal(Int32)
    /// The server asked to exit with this status.
    case exitRequested(Int32)

    /// The process exit status this ending stands for.
    public var exitStatus: Int32 {
      switch self {
      case .endOfInput, .outputClosed: return 0
      case .signal(let number): return 128 + number
      case .exitRequested(let status): return status
      }
    }
  }

  public let options: Options
  public let log: Log

  public init(options: Options, log: Log) {
    self.options = options
    self.log = log
  }

  /// Serves `server`, which answers each framed message as `PetFlowServer.handle` would.
  public func run(server: PetFlowServer, input: Int32 = 0, output: Int32) -> Ending {
    var session = Session(
      framer: Framer(mode: options.framing, maxMessageBytes: server.limits.maxMessageBytes),
      pending: PendingOutput(descriptor: output),
      log: log)
    defer { session.pending.restore() }
    IdleWakeUp.start()
    defer { IdleWakeUp.stop() }
    let ending = server.serve { core in session.loop(server: &core, input: input) }
    // A signalled shutdown may spend half a second writing answers already produced, so the
    // process has ended within a second of the signal even when nobody reads them.
    let grace: UInt64? = if case .signal = ending { 500_000_000 } else { nil }
    if ending != .outputClosed, session.pending.drain(within: grace) == .closed {
      log.info("the reader closed standard output before every answer was written")
    }
    return ending
  }
}

/// The mutable state of one run: framer and buffers.
private struct Session: ~Copyable {
  var framer: Framer
  var pending: PendingOutput
  let log: Log
  var readBuffer = [UInt8](repeating: 0, count: 64 * 1024)
  /// Answers held for a reader that is not reading; past this, input waits.
  static let maxPendingBytes = 64 * 1024 * 1024

  mutating func loop(server: inout PetFlowServer.Core, input: Int32) -> StdioTransport.Ending {
    var inputOpen = true
    while true {
      if let signal = ProcessSignals.terminationSignal { return .signal(signal) }
      if let status = server.exitStatus { return .exitRequested(status) }
      if !inputOpen { return .endOfInput }
      let readWanted = pending.count < Self.maxPendingBytes
      if pending.isEmpty {
        // Nothing to write: block in read itself, not in poll (IdleWakeUp says why and how).
        if IdleWakeUp.take(), outputIsClosed() { return .outputClosed }
      } else {
        let writeWanted = pending.isNonBlocking
        var descriptors = [
          pollfd(fd: input, events: readWanted ? Int16(POLLIN) : 0, revents: 0),
          // Always watched: POLLERR here is how we learn the reader went away.
          pollfd(fd: pending.descriptor, events: writeWanted ? Int16(POLLOUT) : 0, revents: 0),
        ]
        let ready = poll(&descriptors, 2, -1)
        if ready < 0 {
          if errno == EINTR { continue }
          log.error("poll failed (errno \(errno)); ending the session")
          return .endOfInput
        }
        let outputEvents = descriptors[1].revents
        if outputEvents & Int16(POLLERR | POLLHUP | POLLNVAL) != 0, pending.isNonBlocking {
          return .outputClosed
        }
        if outputEvents & Int16(POLLOUT) != 0, pending.flush() == .closed { return .outputClosed }
        let inputEvents = descriptors[0].revents
        guard readWanted, inputEvents & Int16(POLLIN | POLLHUP | POLLERR | POLLNVAL) != 0 else {
          continue
        }
      }
      let count = readBuffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR || errno == EAGAIN { continue }
        log.error("reading standard input failed (errno \(errno)); ending the session")
        inputOpen = false
      } else if count == 0 {
        inputOpen = false
        finishInput(server: &server)
      } else {
        readBuffer.withUnsafeBytes { framer.append(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
        answerFramedMessages(server: &server)
      }
      if pending.flush() == .closed { return .outputClosed }
    }
  }

  /// Whether the reader has closed our stdout: a poll that does not wait.
  func outputIsClosed() -> Bool {
    var descriptor = pollfd(fd: pending.descriptor, events: 0, revents: 0)
    guard poll(&descriptor, 1, 0) > 0 else { return false }
    return descriptor.revents & Int16(POLLERR | POLLHUP | POLLNVAL) != 0
  }

  /// Answers every complete message the framer holds, in order.
  mutating func answerFramedMessages(server: inout PetFlowServer.Core) {
    while server.exitStatus == nil, let event = framer.next() {
      answer(event, server: &server)
    }
  }

  mutating func finishInput(server: inout PetFlowServer.Core) {
    answerFramedMessages(server: &server)
    if server.exitStatus == nil, let event = framer.finish() {
      answer(event, server: &server)
    }
    if framer.hasPartialMessage {
      log.warning("input ended in the middle of a message; it was dropped")
    }
  }

  /// Answers one framed message (or framing fault) into the output buffer, framed.
  mutating func answer(_ event: consuming Framer.Event, server: inout PetFlowServer.Core) {
    let room = pending.buffer.count
    pending.buffer.leaveRoom(framer.headerRoom)
    let start = pending.buffer.count
    pending.buffer.beginDocument()
    switch event {
    case .message(let bytes):
      guard server.answer(bytes, into: &pending.buffer) else {
        return pending.buffer.remove(room..<start)  // a notification: no answer, no room
      }
    case .error(let fault):
      let error = fault.rpcError
      log.warning(error.message)
      Dispatcher.writeError(error, id: nil, to: &pending.buffer)
    }
    pending.skip(framer.frame(&pending.buffer, answerFrom: start))
  }
}
