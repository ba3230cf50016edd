// Every row of seed 002's validation tables, each rule with its exact message, through
// flow next on the row's step.
import PetFlowKit
import Testing

@Suite struct FoundPetValidationTests {
  /// One rule of the seed's table: a value for a field and the error it gets (nil: none).
  struct Row: CustomTestStringConvertible, Sendable {
    let step: String
    let field: String
    let input: FieldInput
    let message: String?
    let code: String?

    init(_ step: String, _ field: String, _ input: FieldInput, _ code: String?, _ message: String?)
    {
      self.step = step
      self.field = field
      self.input = input
      self.code = code
      self.message = message
    }

    var testDescription: String { "\(field) = \(input): \(message ?? "valid")" }
  }

  static let rows: [Row] = [
    // Step 1: Upload Photo
    Row("photo", "photo", .null, "photo.required", "Photo is mandatory"),
    Row("photo", "photo", .photo(FoundPetStates.photo), nil, nil),
    // Step 2: Pet Details
    Row("petDetails", "disappearanceDate", .text(""), "date.required", "Enter the date"),
    Row(
      "petDetails", "disappearanceDate", .text("2026-11-23"), "date.inFuture",
      "The date cannot be after today"),
    Row("petDetails", "disappearanceDate", .text("2026-11-22"), nil, nil),
    Row("petDetails", "disappearanceDate", .text("2025-01-31"), nil, nil),
    Row("petDetails", "animalSpecies", .null, "species.required", "Please select a species"),
    Row("petDetails", "animalSpecies", .text("dog"), nil, nil),
    Row("petDetails", "animalGender", .null, "gender.required", "Please select a gender"),
    Row("petDetails", "animalGender", .text("female"), nil, nil),
    Row("petDetails", "animalLatitude", .null, "latitude.required", "Fill in latitude"),
    Row(
      "petDetails", "animalLatitude", .number("90.5"), "latitude.outOfRange",
      "Latitude must be between -90 and 90"),
    Row(
      "petDetails", "animalLatitude", .text("-90.000001"), "latitude.outOfRange",
      "Latitude must be between -90 and 90"),
    Row("petDetails", "animalLatitude", .number("-90"), nil, nil),
    Row("petDetails", "animalLatitude", .text("90"), nil, nil),
    Row("petDetails", "animalLongitude", .null, "longitude.required", "Fill in longitude"),
    Row(
      "petDetails", "animalLongitude", .number("180.5"), "longitude.outOfRange",
      "Longitude must be between -180 and 180"),
    Row(
      "petDetails", "animalLongitude", .text("-181"), "longitude.outOfRange",
      "Longitude must be between -180 and 180"),
    Row("petDetails", "animalLongitude", .number("-180"), nil, nil),
    Row("petDetails", "animalLongitude", .text("180"), nil, nil),
    Row("petDetails", "chipNumber", .null, nil, nil),
    Row("petDetails", "chipNumber", .text("123"), nil, nil),
    Row("petDetails", "chipNumber", .text("12345-67890-12345"), nil, nil),
    Row("petDetails", "animalAge", .null, nil, nil),
    Row("petDetails", "animalAge", .number("0"), nil, nil),
    Row("petDetails", "animalAge", .number("40"), nil, nil),
    Row("petDetails", "animalAge", .number("41"), "age.outOfRange", "Age must be between 0 and 40"),
    Row("petDetails", "animalAge", .text("120"), "age.outOfRange", "Age must be between 0 and 40"),
    // Step 3: Contact Information
    Row("contactDetails", "phone", .text(""), "phone.required", "Enter at least 7 digits"),
    Row("contactDetails", "phone", .text("123456"), "phone.tooShort", "Enter at least 7 digits"),
    Row("contactDetails", "phone", .text("1234567"), nil, nil),
    Row("contactDetails", "phone", .text("+48123456789"), nil, nil),
    Row("contactDetails", "email", .text(""), "email.required", "Enter a valid email address"),
    Row(
      "contactDetails", "email", .text("finder@example"), "email.invalid",
      "Enter a valid email address"),
    Row("contactDetails", "email", .text("finder@example.com"), nil, nil),
    Row("contactDetails", "caregiverPhoneNumber", .text(""), nil, nil),
    Row(
      "contactDetails", "caregiverPhoneNumber", .text("+48 12 34"), "phone.tooShort",
      "Enter at least 7 digits"),
    Row("contactDetails", "caregiverPhoneNumber", .text("+48987654321"), nil, nil),
    Row("contactDetails", "currentPhysicalAddress", .text(""), nil, nil),
    Row(
      "contactDetails", "currentPhysicalAddress", .text(String(repeating: "a", count: 501)), nil,
      nil),
  ]

  @Test(arguments: rows)
  func ruleGivesItsMessageOnContinue(_ row: Row) throws {
    var driver = try FoundPetStates.driver(on: row.step)
    try driver.next([(row.field, row.input)])
    #expect(driver.flow.errors[row.field]?.code == row.code)
    #expect(driver.flow.errors[row.field]?.message(in: .en) == row.message)
  }

  @Test(arguments: rows)
  func ruleGivesItsMessageOnBlur(_ row: Row) throws {
    let driver = try FoundPetStates.driver(on: row.step)
    let errors = try driver.validate([(row.field, row.input)])
    #expect(errors[row.field]?.message(in: .en) == row.message)
  }

  // MARK: - Too long: an error for a phone, a hard cap for free text

  @Test func twelveDigitPhoneIsRefusedSoTheFinderCanBeCalledBack() throws {
    var driver = try FoundPetStates.driver(on: "contactDetails")
    try driver.next([("phone", .text("+48 123 456 789 0"))])
    #expect(driver.flow.values["phone"] == nil)
    #expect(driver.stepId == "contactDetails")
    #expect(driver.flow.errors["phone"]?.code == "phone.tooLong")
  }

  @Test func physicalAddressIsCutAtFiveHundredCharacters() throws {
    var driver = try FoundPetStates.driver(on: "contactDetails")
    try driver.update([("currentPhysicalAddress", .text(String(repeating: "é", count: 600)))])
    #expect(
      driver.flow.values["currentPhysicalAddress"] == .string(String(repeating: "é", count: 500)))
  }

  // MARK: - Input that cannot be stored

  @Test(
    arguments: [
      ("animalLatitude", FieldInput.number("1000"), "latitude.outOfRange"),
      ("animalAge", .number("1.5"), "age.notWhole"),
      ("animalSpecies", .text("dragon"), "species.unknown"),
      ("animalGender", .bool(true), "field.invalid"),
    ])
  func inputLeavingNoValueShowsItsOwnError(field: String, input: FieldInput, code: String) throws {
    var driver = try FoundPetStates.driver(on: "petDetails")
    try driver.next([(field, input)])
    #expect(driver.stepId == "petDetails")
    #expect(driver.flow.errors[field]?.code == code)
    #expect(try driver.validate([(field, input)])[field]?.code == code)
  }

  @Test func rejectedInputKeepsFailingUntilGivenAgain() throws {
    var driver = try FoundPetStates.driver(on: "petDetails")
    try driver.update(FoundPetStates.completeDetails + [("animalAge", .number("1.5"))])
    #expect(driver.flow.values["animalAge"] == nil)
    try driver.next()
    #expect(driver.errorCodes == ["animalAge": "age.notWhole"])
    try driver.next([("animalAge", .null)])
    #expect(driver.stepId == "contactDetails")
  }

  @Test func backForgetsRejectedInputs() throws {
    var driver = try FoundPetStates.driver(on: "petDetails")
    try driver.next([("animalSpecies", .text("dragon"))])
    try driver.back()
    #expect(driver.flow.rejected.isEmpty)
  }
}
