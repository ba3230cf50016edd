import JSONRPC
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The termination signal received (SIGTERM or SIGINT), or 0: set by the handler, read by
/// the loop. An atomic is the one thing a signal handler may safely touch.
private let receivedTerminationSignal = Atomic<Int32>(0)

/// Signal dispositions for a stdio server.
public enum ProcessSignals {
  /// Ignores SIGPIPE, so a reader that closes our stdout turns into EPIPE on write (handled)
  /// instead of killing the process; and routes SIGTERM and SIGINT to a flag the loop polls.
  public static func install() {
    signal(SIGPIPE, SIG_IGN)
    for signalNumber in [SIGTERM, SIGINT] {
      route(signalNumber) { received in
        receivedTerminationSignal.store(received, ordering: .relaxed)
      }
    }
  }

  /// The termination signal received so far, if any.
  public static var terminationSignal: Int32? {
    let value = receivedTerminationSignal.load(ordering: .relaxed)
    return value == 0 ? nil : value
  }

  /// Calls `handler` on `signalNumber`. No SA_RESTART: a blocked `read` or `poll` returns with
  /// EINTR, so the loop looks around at once. The signal is unblocked too: a parent may spawn
  /// us with signals blocked (threads of test runners often do), and it would never arrive.
  static func route(_ signalNumber: Int32, to handler: @convention(c) (Int32) -> Void) {
    var action = sigaction()
    #if canImport(Glibc)
      action.__sigaction_handler.sa_handler = handler
    #else
      action.__sigaction_u.__sa_handler = handler
    #endif
    sigemptyset(&action.sa_mask)
    action.sa_flags = 0
    sigaction(signalNumber, &action, nil)
    var unblocked = sigset_t()
    sigemptyset(&unblocked)
    sigaddset(&unblocked, signalNumber)
    sigprocmask(SIG_UNBLOCK, &unblocked, nil)
  }
}
