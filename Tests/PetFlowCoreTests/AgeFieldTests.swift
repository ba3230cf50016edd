// The age kind: whole years, an integer value, valid from 0 to 40; typing keeps what is typed.
@_spi(Engine) import PetFlowCore
import Testing

@Suite struct AgeFieldTests {
  let age = FieldKind.age

  @Test(
    "A whole age within its range",
    arguments: [
      ("0", 0), ("5", 5), ("40", 40), ("040", 40), ("0003", 3), (" 7 ", 7), ("7.0", 7), ("٣", 3),
    ])
  func wholeAge(input: String, years: Int) {
    let result = age.read(.text(input))
    #expect(result.value == .integer(years))
    #expect(result.error == nil)
  }

  @Test("An age out of range has no value", arguments: ["41", "999", "1234"])
  func ageOutOfRange(input: String) {
    let result = age.read(.text(input))
    #expect(result.value == nil)
    #expect(result.error?.code == "age.outOfRange")
  }

  @Test func typingOnePointFiveKeepsItAndSaysItIsNotWhole() {
    var result = age.edit("1|", .insert("."))
    result = age.edit(result.marked, .insert("5"))
    #expect(result.marked == "1.5|")
    #expect(result.value == nil)
    #expect(result.error?.code == "age.notWhole")
  }

  @Test(
    "An age that is not a whole number of years is an error, never another age",
    arguments: [
      ("1.5", "age.notWhole"), ("2.5", "age.notWhole"), ("3,5", "age.notWhole"),
      ("-1", "age.outOfRange"), ("-3", "age.outOfRange"), ("7 lat", "age.invalid"),
      ("1e1", "age.invalid"), ("abc", "age.invalid"), ("-", "age.invalid"),
    ])
  func notAWholeAge(input: String, code: String) {
    let result = age.read(.text(input))
    #expect(result.value == nil)
    #expect(result.error?.code == code)
  }

  @Test func outOfRangeMessage() {
    let error = age.read(.text("41")).error
    #expect(error?.code == "age.outOfRange")
    #expect(error?.message(in: .en) == "Age must be between 0 and 40")
  }

  @Test func emptyAgeHasNoValueAndIsOptional() {
    let result = age.read(.text(""))
    #expect(result.value == nil)
    #expect(result.error == nil)
  }

  @Test func requiredEmptyAge() {
    #expect(
      age.read(.null, options: FieldOptions(required: true)).error?.code == "age.required")
  }

  @Test(arguments: [("7", 7), ("7.0", 7), ("1e1", 10), ("0", 0), ("-0", 0)])
  func wholeNumberInput(number: String, years: Int) {
    let result = age.read(.number(number))
    #expect(result.value == .integer(years))
    #expect(age.display(of: .integer(years)) == String(years))
  }

  @Test func fractionalNumberIsNotWhole() {
    let result = age.read(.number("7.5"))
    #expect(result.value == nil)
    #expect(result.error?.code == "age.notWhole")
  }

  @Test func negativeNumberIsOutOfRange() {
    let result = age.read(.number("-3"))
    #expect(result.value == nil)
    #expect(result.error?.code == "age.outOfRange")
  }

  @Test func hugeNumberIsOutOfRange() {
    let result = age.read(.number("1e300"))
    #expect(result.value == nil)
    #expect(result.error?.code == "age.outOfRange")
  }

  @Test func storedAgeDisplaysAsDigits() {
    #expect(age.display(of: .integer(12)) == "12")
  }
}
