// Every row of seed 002's validation tables (TestSupport, shared with the end-to-end tests), each
// rule with its exact message, through flow next on the row's step.
@_spi(Engine) import PetFlowCore
import TestSupport
import Testing

@Suite struct FoundPetValidationTests {
  typealias Row = FoundPetValidationTable.Row

  @Test(arguments: FoundPetValidationTable.rows)
  func ruleGivesItsMessageOnContinue(_ row: Row) throws {
    var driver = try FoundPetStates.driver(on: row.step)
    try driver.next([(row.field, FieldInput(row.value))])
    #expect(driver.flow.errors[row.field]?.code == row.code)
    #expect(driver.flow.errors[row.field]?.message(in: .en) == row.message)
  }

  @Test(arguments: FoundPetValidationTable.rows)
  func ruleGivesItsMessageOnBlur(_ row: Row) throws {
    let driver = try FoundPetStates.driver(on: row.step)
    let errors = try driver.validate([(row.field, FieldInput(row.value))])
    #expect(errors[row.field]?.code == row.code)
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

  @Test(arguments: FoundPetValidationTable.inputsLeavingNoValue)
  func inputLeavingNoValueShowsItsOwnError(field: String, value: SeedValue, code: String) throws {
    let input = FieldInput(value)
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

  @Test func backKeepsRejectedInputsWhatThePersonEntered() throws {
    var driver = try FoundPetStates.driver(on: "petDetails")
    try driver.next([("animalSpecies", .text("dragon"))])
    try driver.back()
    #expect(driver.flow.rejected == ["animalSpecies": .text("dragon")])
    try driver.next()
    try driver.next()
    #expect(driver.stepId == "petDetails")
    #expect(driver.errorCodes["animalSpecies"] == "species.unknown")
  }
}
