// The phone kind: an optional leading +, at most 11 digits, valid from 7 digits.
import PetFlowKit
import Testing

@Suite struct PhoneFieldTests {
  let phone = FieldKind.phone

  @Test(
    "Separators are dropped and a leading + kept",
    arguments: [
      ("+48 123 456 789", "+48123456789"),
      ("(+48) 123-456-789", "+48123456789"),
      ("123.456.7", "1234567"),
      ("+48１２３４５６７", "+481234567"),
    ])
  func separatorsAreDropped(input: String, value: String) {
    #expect(phone.normalize(.text(input)).value == .string(value))
  }

  @Test func displayIsTheCanonicalNumber() {
    #expect(phone.normalize(.text("+48 123 456 789")).display == "+48123456789")
  }

  @Test(arguments: ["48+123", "+48+123", "48 123 abc", "+", "1234567#", "١٢٣٤٥٦٧x"])
  func wholePhoneWithOtherCharactersIsInvalid(input: String) {
    let result = phone.normalize(.text(input))
    #expect(result.value == nil)
    #expect(result.error?.code == "phone.invalid")
  }

  @Test func twelveDigitsAreTooLongNeverCut() {
    let result = phone.normalize(.text("+48 123 456 789 0"))
    #expect(result.value == nil)
    #expect(result.error?.code == "phone.tooLong")
    #expect(result.error?.params == [FieldError.Param("max", .int(11))])
    #expect(result.error?.message(in: .en) == "Enter at most 11 digits")
  }

  @Test(
    "Fewer than 7 digits is too short; 7 to 11 are valid",
    arguments: [
      ("1", true), ("123456", true), ("+48123", true), ("1234567", false),
      ("+48123456789", false), ("12345678901", false),
    ])
  func lengthRule(input: String, tooShort: Bool) {
    let error = phone.normalize(.text(input)).error
    #expect((error?.code == "phone.tooShort") == tooShort)
    #expect(tooShort || error == nil)
  }

  @Test func tooShortMessageAndParameter() {
    let error = phone.normalize(.text("123")).error
    #expect(error?.message(in: .en) == "Enter at least 7 digits")
    #expect(error?.params == [FieldError.Param("min", .int(7))])
  }

  @Test func optionalEmptyPhoneIsValid() {
    #expect(phone.normalize(.text("")).error == nil)
  }

  @Test func requiredEmptyPhoneSaysTheSame() {
    let error = phone.normalize(.null, options: FieldOptions(required: true)).error
    #expect(error?.code == "phone.required")
    #expect(error?.message(in: .en) == "Enter at least 7 digits")
  }

  @Test func typingPlusInFrontIsAccepted() {
    #expect(phone.edit("|48123", .insert("+")).marked == "+|48123")
  }

  @Test func typingPlusInTheMiddleIsRejected() {
    let result = phone.edit("48|123", .insert("+"))
    #expect(result.rejected)
    #expect(result.marked == "48|123")
  }

  @Test func typingTwelfthDigitIsRejected() {
    let result = phone.edit("+48123456789|", .insert("0"))
    #expect(result.rejected)
    #expect(result.marked == "+48123456789|")
  }

  @Test func numberInputIsInvalidSinceItCannotHoldAPlusOrLeadingZeros() {
    #expect(phone.normalize(.number("48123456789")).error?.code == "field.invalid")
  }

  @Test func numberInputWithDecimalsIsWrongType() {
    #expect(phone.normalize(.number("4.8e10")).error?.code == "field.invalid")
  }
}
