#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

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
