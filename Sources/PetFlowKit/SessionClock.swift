@_spi(Engine) import PetFlowCore

/// Where a session learns today's date: from its host, since the library reads no clock (it
/// builds for iOS and WebAssembly, where the host's calendar is the one that counts).
package struct SessionClock: Sendable {
  /// The current second (since the epoch, or any count that moves once a second), cheap to
  /// ask: the session asks `today` again only when it has moved. Nil: `today` is asked at
  /// every use (an app's closure).
  let now: (@Sendable () -> Int)?
  /// The local date at `second` (as `now` counts); nil when the host cannot say.
  let today: @Sendable (_ second: Int) -> CalendarDate?

  package init(
    now: (@Sendable () -> Int)?, today: @escaping @Sendable (_ second: Int) -> CalendarDate?
  ) {
    self.now = now
    self.today = today
  }

  /// No clock: dates are judged against `initialize`'s `today`, else 1970-01-01.
  package static let none = SessionClock(now: nil) { _ in nil }
}

/// The date a clock last gave, kept in the session (one value, no lock, no class) and read
/// again once a second: a keystroke asks for today, and asking the calendar each time cost
/// what the keystroke's own work costs.
struct TodayCache {
  let clock: SessionClock
  private var second = Int.min
  private var date: CalendarDate?

  init(clock: SessionClock) { self.clock = clock }

  mutating func today() -> CalendarDate? {
    guard let now = clock.now else { return clock.today(0) }
    let current = now()
    if current != second {
      date = clock.today(current)
      second = current
    }
    return date
  }
}
