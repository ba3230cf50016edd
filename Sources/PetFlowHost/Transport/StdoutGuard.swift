import JSONRPC

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Keeps stdout for the protocol alone: the protocol gets a private duplicate of fd 1, and
/// fd 1 itself is pointed at stderr, so a stray `print` (ours or a library's) lands in the
/// log instead of corrupting the stream.
public enum StdoutGuard {
  /// Answers the descriptor to write protocol bytes to.
  public static func claimProtocolOutput() -> Int32 {
    let protocolFD = dup(1)
    guard protocolFD >= 0 else { return 1 }  // no spare descriptor: keep fd 1 as it is
    _ = fcntl(protocolFD, F_SETFD, FD_CLOEXEC)
    _ = dup2(2, 1)
    return protocolFD
  }
}
