// The date kind: YYYY-MM-DD laid out as digits arrive, its groups semantic, a real calendar date
// not after today; a day-first date with dots read as written.
import PetFlowCore
import Testing

@Suite struct DateFieldTests {
  let date = FieldKind.date

  @Test(
    "Hyphens show once the digit after them exists",
    arguments: [
      ("2", "2"), ("2026", "2026"), ("20261", "2026-1"), ("202611", "2026-11"),
      ("2026112", "2026-11-2"), ("20261122", "2026-11-22"), ("2026-11-22", "2026-11-22"),
      (" 2026 - 11 - 22 ", "2026-11-22"), ("٢٠٢٦-١١-٢٢", "2026-11-22"),
      ("2026—11—22", "2026-11-22"),
    ])
  func layout(input: String, display: String) {
    #expect(date.display(of: .text(input)) == display)
    #expect(date.format(input + "|").marked == display + "|")
  }

  @Test(
    "Anything else stays as typed",
    arguments: ["2026/11/22", "2026.11.22", "20.11.2025", "-2024-02-29", "2026-1-22", "2026x"])
  func otherTextStaysAsTyped(input: String) {
    #expect(date.display(of: .text(input)) == input)
  }

  @Test(
    "A day-first date with dots is read as that date",
    arguments: [
      ("20.11.2025", "2025-11-20"), ("1.2.2025", "2025-02-01"), ("٢٠.١١.٢٠٢٥", "2025-11-20"),
    ])
  func dayFirstWithDots(input: String, value: String) {
    let result = date.read(.text(input))
    #expect(result.value == .string(value))
    #expect(result.error == nil)
  }

  @Test(
    "A whole date is never regrouped or guessed",
    arguments: [
      "2026-1-22", "2026-111-2", "202611221", "2026-11-22x", "yesterday", "20/11/2025",
      "2026.11.22", "-2024-02-29", "2024-02-29-", "/2024/02/29", "20.11.25", "20.11.2025.",
      "2026--11-22",
    ])
  func misgroupedOrForeignDateIsInvalid(input: String) {
    let result = date.read(.text(input))
    #expect(result.value == nil)
    #expect(result.error?.code == "date.invalid")
  }

  @Test func partialDateHasNoValue() {
    let result = date.read(.text("20261"))
    #expect(result.value == nil)
    #expect(result.error?.code == "date.invalid")
  }

  @Test(
    "Real dates up to today are valid",
    arguments: ["2026-11-22", "2026-11-21", "2024-02-29", "2000-02-29", "0001-01-01"])
  func realDateUpToToday(text: String) {
    #expect(date.read(.text(text)).error == nil)
  }

  @Test(
    "A month or a day no month has is invalid",
    arguments: [
      "2026-13-01", "2026-00-10", "0000-01-01", "2026-01-32", "2026-02-00", "32.01.2025",
      "29.13.2025", "0.1.2025",
    ])
  func impossibleDate(text: String) {
    let error = date.read(.text(text)).error
    #expect(error?.code == "date.invalid")
    #expect(error?.params == [])
  }

  @Test func invalidDateNamesBothAcceptedForms() {
    let error = date.read(.text("2026-13-01")).error
    #expect(error?.message(in: .en) == "Enter a real date, for example 2025-11-20 or 20.11.2025")
    #expect(
      error?.message(in: .pl) == "Wpisz prawdziwą datę, na przykład 2025-11-20 lub 20.11.2025")
  }

  @Test(
    "A day past its month's end says how many days the month has",
    arguments: [
      ("31.02.2025", 2025, 2, 28), ("2023-02-29", 2023, 2, 28), ("1900-02-29", 1900, 2, 28),
      ("2024-02-30", 2024, 2, 29), ("2025-04-31", 2025, 4, 30), ("31.6.2025", 2025, 6, 30),
      ("2025-09-31", 2025, 9, 30), ("2025-11-31", 2025, 11, 30),
    ])
  func dayPastTheMonthsEndIsNoSuchDay(text: String, year: Int, month: Int, days: Int) {
    let error = date.read(.text(text)).error
    #expect(error?.code == "date.noSuchDay")
    #expect(
      error?.params == [
        FieldError.Param("year", .int(Int64(year))),
        FieldError.Param("month", .month(month)), FieldError.Param("days", .int(Int64(days))),
      ])
  }

  @Test func noSuchDayNamesTheMonthInEachLanguage() {
    let error = date.read(.text("31.02.2025")).error
    #expect(error?.message(in: .en) == "February 2025 has 28 days")
    #expect(error?.message(in: .pl) == "Luty 2025 ma 28 dni")
  }

  @Test(
    "Polish month names are the nominative, capitalised to open the message",
    arguments: [
      ("2025-04-31", "Kwiecień 2025 ma 30 dni"), ("2025-06-31", "Czerwiec 2025 ma 30 dni"),
      ("2025-09-31", "Wrzesień 2025 ma 30 dni"), ("2025-11-31", "Listopad 2025 ma 30 dni"),
    ])
  func polishMonthNames(text: String, message: String) {
    #expect(date.read(.text(text)).error?.message(in: .pl) == message)
  }

  @Test(arguments: ["2026-11-23", "2027-01-01", "9999-12-31"])
  func dateAfterTodayIsInTheFuture(text: String) {
    let error = date.read(.text(text)).error
    #expect(error?.code == "date.inFuture")
    #expect(error?.message(in: .en) == "The date cannot be after today")
  }

  @Test func todayComesFromTheContext() {
    let context = FieldContext(today: day("2030-01-01"))
    #expect(
      date.read(.text("2027-01-01"), options: FieldOptions(), context: context).error == nil)
  }

  @Test func requiredEmptyDate() {
    let error = date.read(.null, options: FieldOptions(required: true)).error
    #expect(error?.code == "date.required")
    #expect(error?.message(in: .en) == "Enter the date")
  }

  @Test func typingFifthDigitAddsHyphen() {
    #expect(date.edit("2026|", .insert("1")).marked == "2026-1|")
  }

  @Test func backspaceAfterHyphenDeletesDigitBeforeItAndKeepsTheGroups() {
    #expect(date.edit("2026-|11-20", .deleteBackward).marked == "202|-11-20")
  }

  @Test func deletingInsideTheMonthLeavesItShort() {
    let result = date.edit("2026-1|1-20", .deleteBackward)
    #expect(result.marked == "2026-|1-20")
    #expect(result.error?.code == "date.invalid")
  }

  @Test func aSelectionAcrossAHyphenDeletesDigitsAndKeepsTheHyphens() {
    #expect(date.edit("2026-[11-2]0", .deleteBackward).marked == "2026-|-0")
  }

  @Test func aHyphenWithNothingAfterItGoes() {
    #expect(date.edit("2026-[11-20]", .deleteBackward).marked == "2026-|")
    #expect(date.edit("2026-|", .deleteBackward).marked == "2026|")
  }

  @Test func aDigitTypedIntoAFullGroupInTheMiddleIsRefused() {
    let result = date.edit("20|26-11-20", .insert("5"))
    #expect(result.rejected)
    #expect(result.marked == "20|26-11-20")
    #expect(date.edit("2026|-11-20", .insert("5")).rejected)
  }

  @Test func aDigitTypedIntoAShortGroupStaysInIt() {
    #expect(date.edit("2026-1|-20", .insert("5")).marked == "2026-15|-20")
  }

  @Test func aDigitTypedPastTheEndIsKeptAndJudged() {
    let result = date.edit("2026-11-22|", .insert("5"))
    #expect(result.marked == "2026-11-225|")
    #expect(result.error?.code == "date.invalid")
  }

  @Test func aHyphenTypedWhereOneIsDrawnStepsOverIt() {
    let result = date.edit("2026|-11-20", .insert("-"))
    #expect(!result.rejected)
    #expect(result.marked == "2026-|11-20")
  }

  @Test func aHyphenTypedElsewhereIsKeptAndJudged() {
    let result = date.edit("20|26-11-20", .insert("-"))
    #expect(result.marked == "20-|26-11-20")
    #expect(result.error?.code == "date.invalid")
  }

  @Test func aShortMonthTypedWithItsHyphenStaysShort() {
    var result = date.format("2026|")
    for key in ["-", "1", "-", "2", "0"] { result = date.edit(result.marked, .insert(key)) }
    #expect(result.marked == "2026-1-20|")
    #expect(result.error?.code == "date.invalid")
  }
}
