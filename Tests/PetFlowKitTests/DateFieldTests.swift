// The date kind: YYYY-MM-DD laid out as digits arrive, a real calendar date, not after today.
import PetFlowKit
import Testing

@Suite struct DateFieldTests {
  let date = FieldKind.date

  @Test(
    "Hyphens show once the digit after them exists",
    arguments: [
      ("2", "2"), ("2026", "2026"), ("20261", "2026-1"), ("202611", "2026-11"),
      ("2026112", "2026-11-2"), ("20261122", "2026-11-22"), ("2026-11-22", "2026-11-22"),
      ("2026/11/22", "2026-11-22"), ("2026.11.22", "2026-11-22"),
      (" 2026 - 11 - 22 ", "2026-11-22"),
      ("٢٠٢٦-١١-٢٢", "2026-11-22"),
    ])
  func layout(input: String, display: String) {
    #expect(date.normalize(.text(input)).display == display)
  }

  @Test(
    "A whole date is never regrouped into another",
    arguments: ["22.11.2026", "2026-1-22", "2026-111-2", "202611221", "2026-11-22x", "yesterday"])
  func misgroupedOrForeignDateIsInvalid(input: String) {
    let result = date.normalize(.text(input))
    #expect(result.value == nil)
    #expect(result.error?.code == "date.invalid")
  }

  @Test func partialDateKeepsItsPartialTextAsValue() {
    let result = date.normalize(.text("20261"))
    #expect(result.value == .string("2026-1"))
    #expect(result.error?.code == "date.invalid")
  }

  @Test(
    "Real dates up to today are valid",
    arguments: ["2026-11-22", "2026-11-21", "2024-02-29", "2000-02-29", "0001-01-01"])
  func realDateUpToToday(text: String) {
    #expect(date.normalize(.text(text)).error == nil)
  }

  @Test(
    "Impossible dates are invalid",
    arguments: [
      "2026-02-30", "2023-02-29", "1900-02-29", "2026-13-01", "2026-00-10", "0000-01-01",
      "2026-04-31",
    ])
  func impossibleDate(text: String) {
    let error = date.normalize(.text(text)).error
    #expect(error?.code == "date.invalid")
    #expect(error?.message(in: .en) == "Enter a real date as YYYY-MM-DD")
  }

  @Test(arguments: ["2026-11-23", "2027-01-01", "9999-12-31"])
  func dateAfterTodayIsInTheFuture(text: String) {
    let error = date.normalize(.text(text)).error
    #expect(error?.code == "date.inFuture")
    #expect(error?.message(in: .en) == "The date cannot be after today")
  }

  @Test func todayComesFromTheContext() {
    let context = FieldContext(today: day("2030-01-01"))
    #expect(
      date.normalize(.text("2027-01-01"), options: FieldOptions(), context: context).error == nil)
  }

  @Test func requiredEmptyDate() {
    let error = date.normalize(.null, options: FieldOptions(required: true)).error
    #expect(error?.code == "date.required")
    #expect(error?.message(in: .en) == "Enter the date")
  }

  @Test func typingFifthDigitAddsHyphen() {
    #expect(date.edit("2026|", .insert("1")).marked == "2026-1|")
  }

  @Test func backspaceAfterHyphenDeletesDigitBeforeIt() {
    #expect(date.edit("2026-|1", .deleteBackward).marked == "202|1")
  }

  @Test func ninthDigitIsRejected() {
    #expect(date.edit("2026-11-22|", .insert("5")).rejected)
  }
}
