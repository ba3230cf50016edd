// CalendarDate: real proleptic Gregorian days only, strict ISO text, ordered.
@_spi(Engine) import PetFlowCore
import Testing

@Suite struct CalendarDateTests {
  @Test(
    "Impossible days are nil",
    arguments: [
      (2026, 2, 30), (2026, 13, 1), (2026, 0, 1), (0, 1, 1), (10_000, 1, 1),
      (2023, 2, 29), (1900, 2, 29), (2026, 4, 31), (2026, 1, 0), (Int.max, Int.min, 1),
    ])
  func impossibleDay(year: Int, month: Int, day: Int) {
    #expect(CalendarDate(year: year, month: month, day: day) == nil)
  }

  @Test func leapDays() {
    #expect(CalendarDate(year: 2024, month: 2, day: 29) != nil)
    #expect(CalendarDate(year: 2000, month: 2, day: 29) != nil)
  }

  @Test(
    "ISO text must be exactly YYYY-MM-DD in ASCII digits",
    arguments: [
      "2026-1-22", "2026-11-22 ", " 2026-11-22", "２０２６-11-22", "2026/11/22",
      "20261122", "", "2026-11-2a", "+202-11-22",
    ])
  func malformedISOText(text: String) {
    #expect(CalendarDate(iso: text) == nil)
  }

  @Test func descriptionIsZeroPadded() {
    #expect(CalendarDate(year: 99, month: 1, day: 5)?.description == "0099-01-05")
    #expect(CalendarDate(iso: "2026-11-22")?.description == "2026-11-22")
  }

  @Test func datesAreOrdered() {
    #expect(day("2026-11-21") < day("2026-11-22"))
    #expect(day("2025-12-31") < day("2026-01-01"))
    #expect(!(day("2026-11-22") < day("2026-11-22")))
  }
}
