// Every row of seed 002's validation tables (TestSupport, shared with PetFlowKit's tests) through
// the binary: the value sent with flow/next on its step, the error answered (code, message) or none.
import JSONRPC
import TestSupport
import Testing

@Suite struct FoundPetValidationTests {
  typealias Row = FoundPetValidationTable.Row

  static let flow = "reportFoundPet"

  @Test(arguments: FoundPetValidationTable.rows)
  func ruleAnswersItsMessageOnContinue(_ row: Row) throws {
    let client = try FlowClient()
    let id = try client.flow(Self.flow, through: FlowFixtures.steps(to: row.step, in: Self.flow))
    let snapshot = try client.next(id, .object(JSONObject([(row.field, JSONValue(row.value))])))
    let error = snapshot["errors"]?[row.field]
    #expect(error?["code"]?.stringValue == row.code)
    #expect(error?["message"]?.stringValue == row.message)
  }

  @Test(arguments: FoundPetValidationTable.rows)
  func ruleAnswersItsMessageOnBlur(_ row: Row) throws {
    let client = try FlowClient()
    let id = try client.flow(Self.flow, through: FlowFixtures.steps(to: row.step, in: Self.flow))
    let result = try client.validate(id, .object(JSONObject([(row.field, JSONValue(row.value))])))
    #expect(result["valid"] == .bool(row.code == nil))
    #expect(result["errors"]?[row.field]?["code"]?.stringValue == row.code)
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
    #expect(snapshot.errorCodes == FoundPetValidationTable.petDetailsRequiredCodes)
  }

  @Test func messagesComeInTheSessionLanguage() throws {
    let client = try FlowClient()
    try client.initialize(today: "2026-11-22", locale: "pl")
    let id = try client.start(Self.flow)
    let snapshot = try client.next(id)
    #expect(snapshot["errors"]?["photo"]?["message"] == "Zdjęcie jest wymagane")
  }

  // MARK: - Input that leaves no value

  @Test(arguments: FoundPetValidationTable.inputsLeavingNoValue)
  func inputLeavingNoValueAnswersItsOwnError(field: String, value: SeedValue, code: String) throws {
    let client = try FlowClient()
    let id = try client.flow(Self.flow, through: [FlowFixtures.foundPhoto])
    let values = FlowFixtures.completeDetails.setting(field, JSONValue(value))
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

  @Test(
    "The seed's chip-number table, as typed: value and display",
    arguments: ChipNumberFormatTable.rows)
  func chipNumberTableRow(input: String, stored: String?, display: String) throws {
    let client = try FlowClient()
    let result = try client.result("field/format", ["field": "chipNumber", "text": .string(input)])
    #expect(result["value"]?.stringValue == stored)
    #expect(result["text"]?.stringValue == display)
  }
}
