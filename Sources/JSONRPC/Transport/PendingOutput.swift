#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Answers framed and waiting to be written to the protocol descriptor.
///
/// On a pipe or socket the descriptor is made non-blocking, so a reader that is slow (or
/// that writes all its requests before reading any) never stalls the loop: it goes on
/// reading requests while answers queue here. On anything else (a terminal, a file)
/// writes simply block, as they cannot deadlock.
struct PendingOutput {
  enum FlushResult {
    case done
    case wouldBlock
    case closed
  }

  let descriptor: Int32
  let isNonBlocking: Bool
  private var originalFlags: Int32?
  private(set) var bytes: [UInt8] = []
  /// Bytes of `bytes` already written.
  private var written = 0
  /// End offsets (in `bytes`) of each complete message, to stop only between messages.
  private var messageEnds: [Int] = []

  init(descriptor: Int32) {
    self.descriptor = descriptor
    var status = stat()
    let isPipeOrSocket =
      fstat(descriptor, &status) == 0
      && ((status.st_mode & S_IFMT) == S_IFIFO || (status.st_mode & S_IFMT) == S_IFSOCK)
    let flags = fcntl(descriptor, F_GETFL)
    if isPipeOrSocket, flags >= 0, fcntl(descriptor, F_SETFL, flags | O_NONBLOCK) == 0 {
      isNonBlocking = true
      originalFlags = flags
    } else {
      isNonBlocking = false
    }
    bytes.reserveCapacity(64 * 1024)
  }

  var count: Int { bytes.count - written }
  var isEmpty: Bool { written == bytes.count }

  /// Appends a framed message (through `append`, so the boundary is recorded).
  mutating func appendMessage(_ body: (inout [UInt8]) -> Void) {
    body(&bytes)
    messageEnds.append(bytes.count)
  }

  /// Writes as much as the descriptor takes now (all of it, when blocking).
  mutating func flush() -> FlushResult {
    while written < bytes.count {
      let result = bytes.withUnsafeBytes { buffer -> Int in
        guard let base = buffer.baseAddress else { return 0 }
        return write(descriptor, base + written, buffer.count - written)
      }
      if result > 0 {
        written += result
        continue
      }
      if result < 0, errno == EINTR { continue }
      if result < 0, errno == EAGAIN || errno == EWOULDBLOCK {
        reclaimWritten()
        return .wouldBlock
      }
      return .closed  // EPIPE and friends: nobody is reading any more
    }
    bytes.removeAll(keepingCapacity: bytes.capacity <= 1 << 20)
    messageEnds.removeAll(keepingCapacity: true)
    written = 0
    return .done
  }

  /// Drops written bytes from the front once they are the larger part of a big buffer, so a
  /// reader that never quite catches up cannot make the buffer grow without bound.
  /// The cut is made at a message boundary, so the buffer always starts with a whole message.
  private mutating func reclaimWritten() {
    guard written > 1 << 20, written > bytes.count / 2,
      let cut = messageEnds.last(where: { $0 <= written })
    else { return }
    bytes.removeSubrange(0..<cut)
    messageEnds = messageEnds.compactMap { $0 > cut ? $0 - cut : nil }
    written -= cut
  }

  /// Writes until empty, waiting for the descriptor as needed, giving up at `deadline`
  /// (monotonic nanoseconds): a reader that reads nothing must not keep the process alive, even
  /// in the middle of an answer.
  mutating func drain(deadline: UInt64?) -> FlushResult {
    while true {
      switch flush() {
      case .done: return .done
      case .closed: return .closed
      case .wouldBlock:
        var waitMilliseconds: Int32 = 100
        if let deadline {
          let now = Clock.monotonicNanoseconds()
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
}

/// Monotonic time, for deadlines.
enum Clock {
  static func monotonicNanoseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
  }
}
