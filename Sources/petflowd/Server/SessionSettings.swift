import PetFlowKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What `initialize` negotiates. Every request works before `initialize`, with these defaults.
struct SessionSettings {
  var encoding = PositionEncoding.utf16
  var locale = PetFlowKit.Locale.en
  /// `initialize`'s `today`: a fixed date for tests and for a UI in another time zone.
  var fixedToday: CalendarDate?
}

/// Today's date in the local time zone, read from the system clock at most once a second.
struct LocalCalendar {
  private var cachedSecond: time_t = -1
  private var cachedDate = CalendarDate.unixEpoch

  mutating func today() -> CalendarDate {
    var now = time(nil)
    if now != cachedSecond {
      var parts = tm()
      if localtime_r(&now, &parts) != nil,
        let date = CalendarDate(
          year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday))
      {
        cachedDate = date
      }
      cachedSecond = now
    }
    return cachedDate
  }
}
