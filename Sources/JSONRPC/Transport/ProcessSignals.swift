import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The termination signal received (SIGTERM or SIGINT), or 0: set by the handler, read by
/// the loop. An atomic is the one thing a signal handler may safely touch.
private let receivedTerminationSignal = Atomic<Int32>(0)

/// Set by the wake-up timer's SIGALRM, taken by the loop.
private let wakeUpPending = Atomic<Bool>(false)

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

  /// Every second, SIGALRM interrupts whatever blocking call the loop is in (no
  /// SA_RESTART), so it can look around: is stdout still there? The timer costs nothing
  /// per request, unlike a poll before every read.
  public static func startWakeUps() {
    var action = sigaction()
    #if canImport(Glibc)
      action.__sigaction_handler.sa_handler = { _ in wakeUpPending.store(true, ordering: .relaxed) }
    #else
      action.__sigaction_u.__sa_handler = { _ in wakeUpPending.store(true, ordering: .relaxed) }
    #endif
    sigemptyset(&action.sa_mask)
    action.sa_flags = 0
    sigaction(SIGALRM, &action, nil)
    var unblocked = sigset_t()
    sigemptyset(&unblocked)
    sigaddset(&unblocked, SIGALRM)
    sigprocmask(SIG_UNBLOCK, &unblocked, nil)
    var timer = itimerval(
      it_interval: timeval(tv_sec: 1, tv_usec: 0), it_value: timeval(tv_sec: 1, tv_usec: 0))
    setitimer(__itimer_which_t(ITIMER_REAL.rawValue), &timer, nil)
  }

  public static func stopWakeUps() {
    var timer = itimerval()
    setitimer(__itimer_which_t(ITIMER_REAL.rawValue), &timer, nil)
  }

  /// Whether a wake-up came since the last call.
  public static func takeWakeUp() -> Bool {
    wakeUpPending.exchange(false, ordering: .relaxed)
  }

  /// The termination signal received so far, if any.
  public static var terminationSignal: Int32? {
    let value = receivedTerminationSignal.load(ordering: .relaxed)
    return value == 0 ? nil : value
  }
}
