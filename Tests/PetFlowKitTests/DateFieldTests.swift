// The date kind: YYYY-MM-DD laid out as digits arrive, its groups semantic, a real calendar date
// not after today; a day-first date with dots read as written.
import PetFlowKit
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
    "Impossible dates are invalid",
    arguments: [
      "2026-02-30", "2023-02-29", "1900-02-29", "2026-13-01", "2026-00-10", "0000-01-01",
      "2026-04-31",
    ])
  func impossibleDate(text: String) {
    let error = date.read(.text(text)).error
    #expect(error?.code == "date.invalid")
    #expect(error?.message(in: .en) == "Enter a real date as YYYY-MM-DD")
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
