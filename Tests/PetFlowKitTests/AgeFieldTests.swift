// The age kind: up to 3 digits, an integer value, valid from 0 to 40.
import PetFlowKit
import Testing

@Suite struct AgeFieldTests {
  let age = FieldKind.age

  @Test(
    "Typed age and its range",
    arguments: [
      ("0", 0, true), ("5", 5, true), ("40", 40, true), ("040", 40, true), ("41", 41, false),
      ("999", 999, false), ("-3", 3, true), ("7 lat", 7, true),
    ])
  func typedAge(input: String, years: Int, valid: Bool) {
    let result = age.normalize(.text(input))
    #expect(result.value == .integer(years))
    #expect((result.error == nil) == valid)
  }

  @Test func outOfRangeMessage() {
    let error = age.normalize(.text("41")).error
    #expect(error?.code == "age.outOfRange")
    #expect(error?.message(in: .en) == "Age must be between 0 and 40")
  }

  @Test func fourthDigitIsTruncated() {
    let result = age.normalize(.text("1234"))
    #expect(result.value == .integer(123))
    #expect(result.truncated)
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
    #expect(result.value == .integer(-3))
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
