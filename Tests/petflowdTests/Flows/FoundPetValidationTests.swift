// Every row of seed 002's validation tables through the binary: the value sent with
// flow/next on its step, the error answered (code and exact message) or none.
import JSONRPC
import Testing

@Suite struct FoundPetValidationTests {
  struct Row: CustomTestStringConvertible, Sendable {
    let step: String
    let field: String
    let value: JSONValue
    let code: String?
    let message: String?

    init(_ step: String, _ field: String, _ value: JSONValue, _ code: String?, _ message: String?) {
      self.step = step
      self.field = field
      self.value = value
      self.code = code
      self.message = message
    }

    var testDescription: String { "\(field) = \(value.jsonText): \(message ?? "valid")" }
  }

  static let rows: [Row] = [
    // Step 1: Upload Photo
    Row("photo", "photo", nil, "photo.required", "Photo is mandatory"),
    Row("photo", "photo", FlowFixtures.photo, nil, nil),
    // Step 2: Pet Details
    Row("petDetails", "disappearanceDate", "", "date.required", "Enter the date"),
    Row(
      "petDetails", "disappearanceDate", "2026-11-23", "date.inFuture",
      "The date cannot be after today"),
    Row("petDetails", "disappearanceDate", "2026-11-22", nil, nil),
    Row("petDetails", "disappearanceDate", "20250131", nil, nil),
    Row("petDetails", "animalSpecies", nil, "species.required", "Please select a species"),
    Row("petDetails", "animalSpecies", "Dog", nil, nil),
    Row("petDetails", "animalGender", "", "gender.required", "Please select a gender"),
    Row("petDetails", "animalGender", "female", nil, nil),
    Row("petDetails", "animalLatitude", "", "latitude.required", "Fill in latitude"),
    Row(
      "petDetails", "animalLatitude", .number("90.5"), "latitude.outOfRange",
      "Latitude must be between -90 and 90"),
    Row(
      "petDetails", "animalLatitude", "-91", "latitude.outOfRange",
      "Latitude must be between -90 and 90"),
    Row("petDetails", "animalLatitude", .number("-90"), nil, nil),
    Row("petDetails", "animalLatitude", "52,2297", nil, nil),
    Row("petDetails", "animalLongitude", nil, "longitude.required", "Fill in longitude"),
    Row(
      "petDetails", "animalLongitude", .number("180.000001"), "longitude.outOfRange",
      "Longitude must be between -180 and 180"),
    Row(
      "petDetails", "animalLongitude", "-180.5", "longitude.outOfRange",
      "Longitude must be between -180 and 180"),
    Row("petDetails", "animalLongitude", .number("180"), nil, nil),
    Row("petDetails", "chipNumber", "", nil, nil),
    Row("petDetails", "chipNumber", "12345-67890-12345", nil, nil),
    Row(
      "petDetails", "chipNumber", "12a34b56", "chipNumber.invalid",
      "A microchip number has digits only"),
    Row(
      "petDetails", "chipNumber", "1234567890123456", "chipNumber.tooLong",
      "A microchip number has at most 15 digits"),
    Row("petDetails", "animalAge", nil, nil, nil),
    Row("petDetails", "animalAge", .number("0"), nil, nil),
    Row("petDetails", "animalAge", "40", nil, nil),
    Row("petDetails", "animalAge", .number("41"), "age.outOfRange", "Age must be between 0 and 40"),
    Row("petDetails", "animalAge", "99", "age.outOfRange", "Age must be between 0 and 40"),
    // Step 3: Contact Information
    Row("contactDetails", "phone", "", "phone.required", "Enter at least 7 digits"),
    Row("contactDetails", "phone", "+48 123 4", "phone.tooShort", "Enter at least 7 digits"),
    Row("contactDetails", "phone", "1234567", nil, nil),
    Row("contactDetails", "phone", "+48 123 456 789", nil, nil),
    Row("contactDetails", "email", nil, "email.required", "Enter a valid email address"),
    Row("contactDetails", "email", "finder@", "email.invalid", "Enter a valid email address"),
    Row("contactDetails", "email", " finder@example.com ", nil, nil),
    Row("contactDetails", "caregiverPhoneNumber", "", nil, nil),
    Row(
      "contactDetails", "caregiverPhoneNumber", "123456", "phone.tooShort",
      "Enter at least 7 digits"),
    Row("contactDetails", "caregiverPhoneNumber", "+48987654321", nil, nil),
    Row("contactDetails", "currentPhysicalAddress", "", nil, nil),
    Row(
      "contactDetails", "currentPhysicalAddress", .string(String(repeating: "a", count: 501)),
      nil, nil),
  ]

  static let flow = "reportFoundPet"

  @Test(arguments: rows)
  func ruleAnswersItsMessageOnContinue(_ row: Row) throws {
    let client = try FlowClient()
    let id = try client.flow(Self.flow, through: FlowFixtures.steps(to: row.step, in: Self.flow))
    let snapshot = try client.next(id, .object(JSONObject([(row.field, row.value)])))
    let error = snapshot["errors"]?[row.field]
    #expect(error?["code"]?.stringValue == row.code)
    #expect(error?["message"]?.stringValue == row.message)
  }

  @Test(arguments: rows)
  func ruleAnswersItsMessageOnBlur(_ row: Row) throws {
    let client = try FlowClient()
    let id = try client.flow(Self.flow, through: FlowFixtures.steps(to: row.step, in: Self.flow))
    let result = try client.validate(id, .object(JSONObject([(row.field, row.value)])))
    #expect(result["valid"] == .bool(row.code == nil))
    #expect(result["errors"]?[row.field]?["message"]?.stringValue == row.message)
  }

  @Test func rangeErrorsCarryTheirBounds() throws {
    let client = try FlowClient()
    let id = try client.flow(Self.flow, through: [FlowFixtures.foundPhoto])
    let snapshot = try client.next(
      id, ["animalLatitude": 91, "animalLongitude": 181, "animalAge": 41])
    #expect(snapshot["errors"]?["animalLatitude"]?["params"] == ["min": -90, "max": 90])
    #expect(snapshot["errors"]?["animalLongitude"]?["params"] == ["min": -180, "max": 180])
    #expect(snapshot["errors"]?["animalAge"]?["params"] == ["min": 0, "max": 40])
  }

  @Test func everyRequiredFieldOfPetDetailsIsReportedAtOnce() throws {
    let client = try FlowClient()
    let id = try client.flow(Self.flow, through: [FlowFixtures.foundPhoto])
    let snapshot = try client.next(id)
    #expect(snapshot.stepId == "petDetails")
    #expect(
      snapshot.errorCodes == [
        "disappearanceDate": "date.required", "animalSpecies": "species.required",
        "animalGender": "gender.required", "animalLatitude": "latitude.required",
        "animalLongitude": "longitude.required",
      ])
  }

  @Test func messagesComeInTheSessionLanguage() throws {
    let client = try FlowClient()
    try client.initialize(today: "2026-11-22", locale: "pl")
    let id = try client.start(Self.flow)
    let snapshot = try client.next(id)
    #expect(snapshot["errors"]?["photo"]?["message"] == "Zdjęcie jest wymagane")
  }

  // MARK: - Input that leaves no value

  @Test(arguments: [
    ("animalLatitude", JSONValue.number("1000"), "latitude.outOfRange"),
    ("animalLongitude", .number("-1e3"), "longitude.outOfRange"),
    ("animalAge", .number("1.5"), "age.notWhole"),
    ("animalSpecies", "dragon", "species.unknown"),
    ("animalGender", true, "field.invalid"),
  ])
  func inputLeavingNoValueAnswersItsOwnError(field: String, value: JSONValue, code: String) throws {
    let client = try FlowClient()
    let id = try client.flow(Self.flow, through: [FlowFixtures.foundPhoto])
    let values = FlowFixtures.completeDetails.setting(field, value)
    let snapshot = try client.next(id, values)
    #expect(snapshot.stepId == "petDetails")
    #expect(snapshot.errorCodes == [field: code])
    #expect(try client.validate(id, values)["errors"]?[field]?["code"] == .string(code))
  }

  // MARK: - Too long: an error for a phone, a hard cap for free text; the chip-number table

  @Test func twelveDigitPhoneIsRefusedNeverCut() throws {
    let client = try FlowClient()
    let id = try client.flow(Self.flow, through: FlowFixtures.foundSteps)
    let snapshot = try client.next(id, ["phone": "+48 123 456 789 012"])
    #expect(snapshot["values"]?["phone"] == nil)
    #expect(snapshot.errorCodes["phone"] == "phone.tooLong")
  }

  @Test func physicalAddressIsCutAtFiveHundredCharactersWithoutError() throws {
    let client = try FlowClient()
    let id = try client.flow(Self.flow, through: FlowFixtures.foundSteps)
    let long = String(repeating: "ż", count: 520)
    let snapshot = try client.next(id, ["currentPhysicalAddress": .string(long)])
    #expect(
      snapshot["values"]?["currentPhysicalAddress"] == .string(String(repeating: "ż", count: 500)))
    #expect(snapshot["errors"]?["currentPhysicalAddress"] == nil)
  }

  /// The seed's table is its formatter's, which runs as the user types: that is field/format.
  /// A whole value is judged instead (the rows above: `12a34b56` and 16 digits are errors).
  @Test(
    "The seed's chip-number table, as typed: value and display",
    arguments: [
      ("", nil, nil),
      ("123", "123", "123"),
      ("12345", "12345", "12345"),
      ("123456", "123456", "12345-6"),
      ("1234567890", "1234567890", "12345-67890"),
      ("123456789012345", "123456789012345", "12345-67890-12345"),
      ("1234567890123456", "123456789012345", "12345-67890-12345"),
      ("12a34b56", "123456", "12345-6"),
    ] as [(String, String?, String?)])
  func chipNumberTableRow(input: String, stored: String?, display: String?) throws {
    let client = try FlowClient()
    let result = try client.result("field/format", ["field": "chipNumber", "text": .string(input)])
    #expect(result["value"]?.stringValue == stored)
    #expect(result["text"]?.stringValue == display ?? "")
  }
}
