// The phone kind: an optional leading + (or 00), 7 to 11 digits (12 for a Polish toll-free
// number, 15 with another country code), Polish numbers grouped; typing keeps what is typed but
// spaces and the punctuation between groups.
@_spi(Engine) import PetFlowCore
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
    #expect(phone.read(.text(input)).value == .string(value))
  }

  @Test(
    "Polish numbers are grouped as libphonenumber groups them, any other is shown as typed",
    arguments: [
      ("+48600100200", "+48 600 100 200"), ("600100200", "600 100 200"),
      ("221234567", "22 123 45 67"), ("+48221234567", "+48 22 123 45 67"),
      ("0048600100200", "0048 600 100 200"), ("+4860010", "+48 600 10"),
      ("801234567", "801 234 567"), ("+488001234567", "+48 800 123 4567"),
      ("0048 800 123 4567", "0048 800 123 4567"), ("800123456", "800 123 456"),
      ("+4880012", "+48 800 12"), ("+447911123456", "+447911123456"),
      ("+12025550123", "+12025550123"), ("6001002001", "6001002001"), ("+48 600", "+48 600"),
    ])
  func polishNumbersAreGrouped(input: String, display: String) {
    #expect(phone.display(of: .text(input)) == display)
    #expect(phone.format(input + "|").marked == display + "|")
  }

  @Test func aStoredNumberIsShownGrouped() {
    #expect(phone.display(of: .string("+48600100200")) == "+48 600 100 200")
  }

  @Test(
    "A leading 00 is the international prefix, not digits",
    arguments: [("0048 600 100 200", "+48600100200"), ("00 1 202 555 0123", "+12025550123")])
  func leadingZeroZeroIsPlus(input: String, value: String) {
    let result = phone.read(.text(input))
    #expect(result.value == .string(value))
    #expect(result.error == nil)
  }

  @Test func zeroZeroAloneIsInvalid() {
    #expect(phone.read(.text("00")).error?.code == "phone.invalid")
  }

  @Test(
    arguments: [
      "48+123", "+48+123", "48 123 abc", "+", "1234567#", "١٢٣٤٥٦٧x", "600100200 ext. 12",
    ])
  func wholePhoneWithOtherCharactersIsInvalid(input: String) {
    let result = phone.read(.text(input))
    #expect(result.value == nil)
    #expect(result.error?.code == "phone.invalid")
  }

  @Test func twelveDigitsAreTooLongNeverCut() {
    let result = phone.read(.text("+48 123 456 789 0"))
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
    let error = phone.read(.text(input)).error
    #expect((error?.code == "phone.tooShort") == tooShort)
    #expect(tooShort || error == nil)
  }

  @Test(
    "A number with another country code is judged by E.164's length, 7 to 15 digits",
    arguments: [
      ("+44 7911 123456", "+447911123456"), ("+49 1512 3456789", "+4915123456789"),
      ("+380 67 123 4567", "+380671234567"), ("0044 7911 123456", "+447911123456"),
      ("+123456789012345", "+123456789012345"), ("+3545511", "+3545511"),
    ])
  func numbersFromAbroad(input: String, value: String) {
    let result = phone.read(.text(input))
    #expect(result.value == .string(value))
    #expect(result.error == nil)
  }

  @Test func sixteenDigitsWithAnotherCountryCodeAreTooLongAtFifteen() {
    let error = phone.read(.text("+44 1234 567890 12345")).error
    #expect(error?.code == "phone.tooLong")
    #expect(error?.params == [FieldError.Param("max", .int(15))])
    #expect(error?.message(in: .en) == "Enter at most 15 digits")
    #expect(error?.message(in: .pl) == "Wpisz najwyżej 15 cyfr")
  }

  @Test func sixDigitsWithAnotherCountryCodeAreTooShortAtSeven() {
    let error = phone.read(.text("+44 1234")).error
    #expect(error?.code == "phone.tooShort")
    #expect(error?.params == [FieldError.Param("min", .int(7))])
  }

  @Test(
    "Twelve digits are the seeds' rule's too long for +48, 0048, no code or a code not known yet",
    arguments: ["+48 600 100 200 3", "0048 600 100 200 3", "600 100 200 300"])
  func twelveDigitsWithoutAForeignCodeAreTooLong(input: String) {
    let error = phone.read(.text(input)).error
    #expect(error?.code == "phone.tooLong")
    #expect(error?.params == [FieldError.Param("max", .int(11))])
  }

  @Test func aPolishTollFreeNumberHasTwelveDigits() {
    let result = phone.read(.text("+48 800 123 4567"))
    #expect(result.value == .string("+488001234567"))
    #expect(result.error == nil)
    #expect(phone.read(.text("0048 800 123 4567")).value == .string("+488001234567"))
  }

  @Test func aPolishTollFreeNumberPastTwelveDigitsIsTooLongAtTwelve() {
    let error = phone.read(.text("+48 800 123 45678")).error
    #expect(error?.code == "phone.tooLong")
    #expect(error?.params == [FieldError.Param("max", .int(12))])
    #expect(error?.message(in: .en) == "Enter at most 12 digits")
  }

  @Test func typingAForeignNumberDigitByDigitEndsValid() {
    var result = phone.format("|")
    for digit in "+447911123456" {
      result = phone.edit(result.marked, .insert(String(digit)))
    }
    #expect(result.marked == "+447911123456|")
    #expect(result.value == .string("+447911123456"))
    #expect(result.error == nil)
  }

  @Test func tooShortMessageAndParameter() {
    let error = phone.read(.text("123")).error
    #expect(error?.message(in: .en) == "Enter at least 7 digits")
    #expect(error?.params == [FieldError.Param("min", .int(7))])
  }

  @Test func optionalEmptyPhoneIsValid() {
    #expect(phone.read(.text("")).error == nil)
  }

  @Test func requiredEmptyPhoneSaysTheSame() {
    let error = phone.read(.null, options: FieldOptions(required: true)).error
    #expect(error?.code == "phone.required")
    #expect(error?.message(in: .en) == "Enter at least 7 digits")
  }

  @Test func typingPlusInFrontIsAccepted() {
    #expect(phone.edit("|48123", .insert("+")).marked == "+|48 12 3")
  }

  @Test func typingPlusInTheMiddleKeepsItAndSaysItIsInvalid() {
    let result = phone.edit("48|123", .insert("+"))
    #expect(result.marked == "48+|123")
    #expect(result.error?.code == "phone.invalid")
  }

  @Test func typingTwelfthDigitKeepsItAndSaysItIsTooLong() {
    let result = phone.edit("+48123456789|", .insert("0"))
    #expect(result.marked == "+481234567890|")
    #expect(result.value == nil)
    #expect(result.error?.code == "phone.tooLong")
  }

  @Test func typingPunctuationBetweenGroupsChangesNothing() {
    let result = phone.edit("600|", .insert("-"))
    #expect(result.rejected)
    #expect(result.marked == "600|")
  }

  @Test func digitsFlowAcrossGroupsAsTheyAreDeleted() {
    #expect(phone.edit("600 1|00 200", .deleteBackward).marked == "600 |002 00")
    #expect(phone.edit("600 |100 200", .deleteBackward).marked == "60|1 002 00")
  }

  @Test func numberInputIsInvalidSinceItCannotHoldAPlusOrLeadingZeros() {
    #expect(phone.read(.number("48123456789")).error?.code == "field.invalid")
  }

  @Test func numberInputWithDecimalsIsWrongType() {
    #expect(phone.read(.number("4.8e10")).error?.code == "field.invalid")
  }
}
