@_spi(Engine) import PetFlowCore
import PetFlowKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The system clock and the local time zone: what petflowd gives its session as its clock (the
/// library reads none). The session asks the date again only when the second has moved.
public enum LocalCalendar {
  package static let clock = SessionClock(now: { Int(time(nil)) }, today: date(at:))

  /// The local date now (`check-flows --paths` without `--today`).
  package static var today: CalendarDate? { date(at: Int(time(nil))) }

  /// The local date at `second` since the epoch; nil when the C library cannot say.
  static func date(at second: Int) -> CalendarDate? {
    var now = time_t(second)
    var parts = tm()
    guard localtime_r(&now, &parts) != nil else { return nil }
    return CalendarDate(
      year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday))
  }
}
