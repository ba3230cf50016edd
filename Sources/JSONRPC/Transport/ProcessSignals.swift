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
  /// No SA_RESTART: a blocked `poll` returns with EINTR so the loop notices at once.
  public static func install() {
    signal(SIGPIPE, SIG_IGN)
    for signalNumber in [SIGTERM, SIGINT] {
      var action = sigaction()
      #if canImport(Glibc)
        action.__sigaction_handler.sa_handler = { received in
          receivedTerminationSignal.store(received, ordering: .relaxed)
        }
      #else
        action.__sigaction_u.__sa_handler = { received in
          receivedTerminationSignal.store(received, ordering: .relaxed)
        }
      #endif
      sigemptyset(&action.sa_mask)
      action.sa_flags = 0
      sigaction(signalNumber, &action, nil)
    }
    // A parent may spawn us with these signals blocked (threads of test runners often do):
    // unblock them, or SIGTERM would never reach the handler.
    var unblocked = sigset_t()
    sigemptyset(&unblocked)
    sigaddset(&unblocked, SIGTERM)
    sigaddset(&unblocked, SIGINT)
    sigprocmask(SIG_UNBLOCK, &unblocked, nil)
  }

  /// The termination signal received so far, if any.
  public static var terminationSignal: Int32? {
    let value = receivedTerminationSignal.load(ordering: .relaxed)
    return value == 0 ? nil : value
  }
}
