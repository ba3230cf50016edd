/// A day in the proleptic Gregorian calendar, years 1 to 9999, written `YYYY-MM-DD`.
public struct CalendarDate: Comparable, Hashable, Sendable, CustomStringConvertible {
  /// 1 to 9999.
  public let year: Int
  /// 1 to 12.
  public let month: Int
  /// 1 to the month's last day.
  public let day: Int

  /// Nil for a day that does not exist: February 30, month 13, year 0 or 10000.
  public init?(year: Int, month: Int, day: Int) {
    guard (1...9999).contains(year), (1...12).contains(month),
      (1...Self.days(inMonth: month, year: year)).contains(day)
    else { return nil }
    self.init(validYear: year, month: month, day: day)
  }

  /// 1970-01-01: a date that always exists, for when no clock answers.
  public static let unixEpoch = CalendarDate(validYear: 1970, month: 1, day: 1)

  private init(validYear year: Int, month: Int, day: Int) {
    self.year = year
    self.month = month
    self.day = day
  }

  /// Strict `YYYY-MM-DD` in ASCII digits; nil for anything else or an impossible day.
  public init?(iso: String) {
    let bytes = Array(iso.utf8.prefix(11))
    guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
      let year = bytes[0..<4].asciiNumber, let month = bytes[5..<7].asciiNumber,
      let day = bytes[8..<10].asciiNumber
    else { return nil }
    self.init(year: year, month: month, day: day)
  }

  /// `YYYY-MM-DD`, as flows store a date and payloads carry it.
  public var description: String {
    Self.padded(year, to: 4) + "-" + Self.padded(month, to: 2) + "-" + Self.padded(day, to: 2)
  }

  /// Whether `lhs` is the earlier day.
  public static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool {
    (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
  }

  static func days(inMonth month: Int, year: Int) -> Int {
    switch month {
    case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }

  private static func padded(_ value: Int, to width: Int) -> String {
    let digits = String(value)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
  }
}
