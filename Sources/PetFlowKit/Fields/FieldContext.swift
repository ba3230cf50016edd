/// Per-session facts a field needs: today's date, the message language, the offset encoding.
public struct FieldContext: Sendable {
  public var today: CalendarDate
  public var locale: Locale
  public var encoding: PositionEncoding

  public init(today: CalendarDate, locale: Locale = .en, encoding: PositionEncoding = .utf16) {
    self.today = today
    self.locale = locale
    self.encoding = encoding
  }
}
