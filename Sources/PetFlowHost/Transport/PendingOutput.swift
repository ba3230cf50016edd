import JSONRPC

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The session's one output buffer: answers are written into it (`buffer`), framed in place, and
/// written from it to the protocol descriptor, as one run of bytes. On a pipe or socket the
/// descriptor is made non-blocking, so a reader that is slow (or that writes all its requests
/// before reading any) never stalls the loop: it goes on reading requests while answers wait here.
/// On anything else (a terminal, a file) writes simply block, as they cannot deadlock.
struct PendingOutput: ~Copyable {
  let descriptor: Int32
  /// The descriptor's flags before it was made non-blocking; nil when it was left blocking.
  private var originalFlags: Int32?
  var isNonBlocking: Bool { originalFlags != nil }
  /// Answers, framed; the first `flushed` bytes are already written.
  var buffer = JSONWriter(capacity: 64 * 1024)
  private var flushed = 0

  init(descriptor: Int32) {
    self.descriptor = descriptor
    var status = stat()
    let isPipeOrSocket =
      fstat(descriptor, &status) == 0
      && ((status.st_mode & S_IFMT) == S_IFIFO || (status.st_mode & S_IFMT) == S_IFSOCK)
    let flags = fcntl(descriptor, F_GETFL)
    if isPipeOrSocket, flags >= 0, fcntl(descriptor, F_SETFL, flags | O_NONBLOCK) == 0 {
      originalFlags = flags
    }
  }

  /// Bytes waiting to be written.
  var count: Int { buffer.count - flushed }
  var isEmpty: Bool { flushed == buffer.count }

  /// Leaves bytes of the buffer unsent (`Framer.frame`'s unused room before an LSP header).
  /// Where writing would start now, the case of an answer written while none waits (one
  /// keystroke, one answer), writing starts after them and nothing moves. Behind answers
  /// still waiting (requests came faster than answers left), the answer after them moves
  /// back over them, so that the buffer stays one run for one `write`. A gathered write
  /// (`writev`, at most 64 runs a call) that skipped them instead cost more: 9,525
  /// instructions a pipelined chip keystroke against 9,354 with the move of its 100 bytes.
  mutating func skip(_ gap: Range<Int>) {
    guard !gap.isEmpty else { return }
    if gap.lowerBound == flushed {
      flushed = gap.upperBound
    } else {
      buffer.remove(gap)
    }
  }

  /// Writes as much as the descriptor takes now (all of it, when blocking).
  mutating func flush() -> WriteOutcome {
    let (outcome, written) = buffer.withBytes { bytes in
      writeAll(UnsafeBufferPointer(rebasing: bytes[flushed...]), to: descriptor)
    }
    flushed += written
    switch outcome {
    case .done:
      // Room for the largest answer a 2 MiB field text makes (its text and value) is kept,
      // so a paste does not grow the buffer anew each time; a backlog past that is let go.
      buffer.reset(keepingUpTo: 8 << 20)
      flushed = 0
    case .wouldBlock:
      // A reader that never quite catches up must not make the buffer grow without bound:
      // once the written part is the larger part of a big buffer, it goes.
      if flushed > 1 << 20, flushed > buffer.count / 2 {
        buffer.remove(0..<flushed)
        flushed = 0
      }
    case .closed:
      break
    }
    return outcome
  }

  /// Writes until empty, waiting for the descriptor as needed, giving up after `nanoseconds`
  /// when given: a reader that reads nothing must not keep the process alive, even in the
  /// middle of an answer.
  mutating func drain(within nanoseconds: UInt64?) -> WriteOutcome {
    let deadline = nanoseconds.map { Self.monotonicNanoseconds() &+ $0 }
    while true {
      switch flush() {
      case .done: return .done
      case .closed: return .closed
      case .wouldBlock:
        var waitMilliseconds: Int32 = 100
        if let deadline {
          let now = Self.monotonicNanoseconds()
          guard now < deadline else { return .wouldBlock }
          waitMilliseconds = Int32(min(100, (deadline - now) / 1_000_000 + 1))
        }
        var descriptorPoll = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
        _ = poll(&descriptorPoll, 1, waitMilliseconds)
      }
    }
  }

  /// Puts the descriptor's flags back, so whoever shares it after us finds it as it was.
  func restore() {
    if let originalFlags { _ = fcntl(descriptor, F_SETFL, originalFlags) }
  }

  private static func monotonicNanoseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
  }
}

/// How `writeAll` ended.
public enum WriteOutcome {
  /// Every byte was written.
  case done
  /// A non-blocking descriptor takes no more for now.
  case wouldBlock
  /// The write failed (EPIPE and friends): nobody reads any more.
  case closed
}

/// Writes `bytes` to `descriptor`, again after a signal interrupts, until all are written or
/// the descriptor takes no more: the protocol's answers, the log's lines, help. Answers how it
/// ended and how many bytes were written.
public func writeAll(_ bytes: UnsafeBufferPointer<UInt8>, to descriptor: Int32) -> (
  outcome: WriteOutcome, written: Int
) {
  var written = 0
  while written < bytes.count, let base = bytes.baseAddress {
    let result = write(descriptor, base + written, bytes.count - written)
    if result > 0 {
      written += result
    } else if result < 0, errno == EINTR {
      continue
    } else if result < 0, errno == EAGAIN || errno == EWOULDBLOCK {
      return (.wouldBlock, written)
    } else {
      return (.closed, written)
    }
  }
  return (.done, written)
}
