import JSONRPC
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Set by the timer's SIGALRM, taken by the transport's loop.
private let wakeUpPending = Atomic<Bool>(false)

/// The transport's idle wake-up: what lets `StdioTransport` block in `read` itself. With no answer
/// waiting to be written, the loop blocks in `read(2)` rather than in `poll`: two system calls a
/// keystroke, as the do-nothing C floor makes (BENCHMARKS.md). A blocked read cannot see the reader
/// close our stdout, so while a session runs a one-second timer raises SIGALRM; its handler
/// (without SA_RESTART) sets a flag, the read returns EINTR, and the loop checks stdout. It costs
/// nothing per request.
enum IdleWakeUp {
  static func start() {
    ProcessSignals.route(SIGALRM) { _ in wakeUpPending.store(true, ordering: .relaxed) }
    var timer = itimerval(
      it_interval: timeval(tv_sec: 1, tv_usec: 0), it_value: timeval(tv_sec: 1, tv_usec: 0))
    setRealTimer(&timer)
  }

  static func stop() {
    var timer = itimerval()
    setRealTimer(&timer)
  }

  /// Whether a wake-up came since the last call.
  static func take() -> Bool {
    wakeUpPending.exchange(false, ordering: .relaxed)
  }

  private static func setRealTimer(_ timer: inout itimerval) {
    #if canImport(Glibc)
      setitimer(__itimer_which_t(ITIMER_REAL.rawValue), &timer, nil)
    #else
      setitimer(ITIMER_REAL, &timer, nil)
    #endif
  }
}
