// The age kind: up to 3 digits, an integer value, valid from 0 to 40.
import PetFlowKit
import Testing

@Suite struct AgeFieldTests {
  let age = FieldKind.age

  @Test(
    "A whole age and its range",
    arguments: [
      ("0", 0, true), ("5", 5, true), ("40", 40, true), ("040", 40, true), ("41", 41, false),
      ("999", 999, false), ("1234", 1234, false), (" 7 ", 7, true), ("7.0", 7, true),
      ("٣", 3, true),
    ])
  func wholeAge(input: String, years: Int, valid: Bool) {
    let result = age.normalize(.text(input))
    #expect(result.value == .integer(years))
    #expect((result.error == nil) == valid)
  }

  @Test(
    "An age that is not a whole number of years is an error, never another age",
    arguments: [
      ("1.5", "age.notWhole"), ("2.5", "age.notWhole"), ("3,5", "age.notWhole"),
      ("-1", "age.outOfRange"), ("-3", "age.outOfRange"), ("7 lat", "age.invalid"),
      ("1e1", "age.invalid"), ("abc", "age.invalid"), ("-", "age.invalid"),
    ])
  func notAWholeAge(input: String, code: String) {
    let result = age.normalize(.text(input))
    #expect(result.value == nil)
    #expect(result.error?.code == code)
  }

  @Test func outOfRangeMessage() {
    let error = age.normalize(.text("41")).error
    #expect(error?.code == "age.outOfRange")
    #expect(error?.message(in: .en) == "Age must be between 0 and 40")
  }

  @Test func emptyAgeHasNoValueAndIsOptional() {
    let result = age.normalize(.text(""))
    #expect(result.value == nil)
    #expect(result.error == nil)
  }

  @Test func requiredEmptyAge() {
    #expect(
      age.normalize(.null, options: FieldOptions(required: true)).error?.code == "age.required")
  }

  @Test(arguments: [("7", 7), ("7.0", 7), ("1e1", 10), ("0", 0), ("-0", 0)])
  func wholeNumberInput(number: String, years: Int) {
    let result = age.normalize(.number(number))
    #expect(result.value == .integer(years))
    #expect(result.display == String(years))
  }

  @Test func fractionalNumberIsNotWhole() {
    let result = age.normalize(.number("7.5"))
    #expect(result.value == nil)
    #expect(result.error?.code == "age.notWhole")
  }

  @Test func negativeNumberIsOutOfRange() {
    let result = age.normalize(.number("-3"))
    #expect(result.value == nil)
    #expect(result.error?.code == "age.outOfRange")
  }

  @Test func hugeNumberIsOutOfRange() {
    let result = age.normalize(.number("1e300"))
    #expect(result.value == nil)
    #expect(result.error?.code == "age.outOfRange")
  }

  @Test func storedAgeDisplaysAsDigits() {
    #expect(age.display(of: .integer(12)) == "12")
  }
}
