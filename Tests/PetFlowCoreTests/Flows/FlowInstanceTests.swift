// What every flow instance does whatever its definition: update, next, back, cancel, validate,
// the revision, and the calls it refuses.
@_spi(Engine) import PetFlowCore
import TestSupport
import Testing

@Suite struct FlowInstanceTests {
  // MARK: - update

  @Test func updateStoresWithoutValidatingOrMoving() throws {
    var driver = try FoundPetStates.driver(on: "contactDetails")
    try driver.update([("phone", .text("12")), ("email", .text("nope"))])
    #expect(driver.stepId == "contactDetails")
    #expect(driver.flow.errors.isEmpty)
    // What was typed stays as rejected inputs: no value stands beside an error.
    #expect(driver.flow.values["phone"] == nil)
    #expect(driver.flow.rejected["phone"] == .text("12"))
    #expect(driver.flow.rejected["email"] == .text("nope"))
  }

  @Test func updateWithEmptyInputRemovesTheValue() throws {
    var driver = FlowDriver(.reportMissingPet)
    try driver.update([("chipNumber", .text("123"))])
    try driver.update([("chipNumber", .null)])
    #expect(driver.flow.values["chipNumber"] == nil)
  }

  @Test func updateDropsTheShownErrorOfTheChangedFieldOnly() throws {
    var driver = try FoundPetStates.driver(on: "contactDetails")
    try driver.next([("phone", .text("12")), ("email", .text("nope"))])
    try driver.update([("phone", .text("123"))])
    #expect(driver.errorCodes == ["email": "email.invalid"])
  }

  /// Snapshots and exports list values in the definition's field order, whatever order
  /// they were stored in: a flow keeps each field's value at the field's position.
  @Test func valuesAreKeptAtTheirFieldsPositions() throws {
    var driver = try FoundPetStates.driver(on: "contactDetails")
    try driver.update([("email", .text("a@b.pl")), ("phone", .text("123456789"))])
    let flow = driver.flow
    let fields = flow.slots.indices.filter { flow.slots[$0].value != nil }
      .map { flow.definition.fields[$0].id }
    #expect(fields.first == "photo")
    #expect(fields.suffix(2) == ["phone", "email"])
    #expect(fields.count == flow.values.count)
  }

  // MARK: - next

  @Test func nextWithErrorsStaysAndShowsEveryErrorOfTheStep() throws {
    var driver = try FoundPetStates.driver(on: "petDetails")
    let required = FoundPetValidationTable.petDetailsRequiredCodes
    try driver.update(required.keys.map { ($0, .null) })
    let advance = try driver.next()
    guard case .stayed = advance else {
      Issue.record("expected to stay, got \(advance)")
      return
    }
    #expect(driver.stepId == "petDetails")
    #expect(driver.errorCodes == required)
  }

  @Test func nextStoresTheValuesEvenWhenTheStepFails() throws {
    var driver = try FoundPetStates.driver(on: "contactDetails")
    try driver.next([("phone", .text("+48 600 700 800"))])
    #expect(driver.flow.values["phone"] == .string("+48600700800"))
  }

  @Test func nextValidatesOnlyTheCurrentStep() throws {
    var driver = FlowDriver(.reportFoundPet)
    try driver.next(FoundPetStates.photoStep)
    #expect(driver.stepId == "petDetails")
    #expect(driver.flow.errors.isEmpty)
  }

  @Test func errorsGoWhenTheStepIsLeft() throws {
    var driver = try FoundPetStates.driver(on: "contactDetails")
    try driver.next()
    try driver.back()
    #expect(driver.flow.errors.isEmpty)
  }

  // MARK: - Fields of other steps

  @Test func valueForFieldOfAnotherStepIsRefusedAndNothingStored() throws {
    var driver = FlowDriver(.reportMissingPet)
    #expect(throws: FlowFault.fieldNotOnCurrentStep(field: "contactPhone", step: "contactDetails"))
    {
      try driver.update([("chipNumber", .text("123")), ("contactPhone", .text("1234567"))])
    }
    #expect(driver.flow.values.isEmpty)
    #expect(driver.flow.revision == 1)
  }

  @Test func valueForFieldOfAnotherStepIsRefusedByNext() throws {
    var driver = FlowDriver(.reportFoundPet)
    #expect(throws: FlowFault.fieldNotOnCurrentStep(field: "email", step: "contactDetails")) {
      try driver.next([("email", .text("a@b.pl"))])
    }
    #expect(driver.stepId == "photo")
  }

  @Test func valueForFieldOfAnotherStepIsRefusedByValidate() throws {
    let driver = FlowDriver(.reportFoundPet)
    #expect(throws: FlowFault.fieldNotOnCurrentStep(field: "animalAge", step: "petDetails")) {
      try driver.validate([("animalAge", .number("3"))])
    }
  }

  @Test func valueForFieldTheFlowDoesNotHaveIsRefused() throws {
    var driver = FlowDriver(.reportMissingPet)
    #expect(throws: FlowFault.unknownField("petName")) {
      try driver.update([("petName", .text("Rex"))])
    }
  }

  @Test func summaryTakesNoValues() throws {
    var driver = try MissingPetStates.driver(on: "summary")
    #expect(throws: FlowFault.fieldNotOnCurrentStep(field: "chipNumber", step: "chipNumber")) {
      try driver.next([("chipNumber", .text("1"))])
    }
    #expect(driver.flow.status == .active)
  }

  // MARK: - cancel and ended flows

  @Test func cancelEndsTheFlowAndClearsValues() throws {
    var driver = try FoundPetStates.driver(on: "contactDetails")
    try driver.cancel()
    #expect(driver.flow.status == .cancelled)
    #expect(driver.flow.values.isEmpty)
    #expect(driver.flow.errors.isEmpty)
    #expect(!driver.flow.canGoBack)
  }

  enum Operation: String, CaseIterable, Sendable {
    case update, next, back, cancel, validate
  }

  static func ended(_ status: FlowStatus) throws -> FlowDriver {
    var driver = try MissingPetStates.driver(on: "summary")
    if status == .submitted { try driver.next() } else { try driver.cancel() }
    return driver
  }

  @Test(arguments: [FlowStatus.submitted, .cancelled], Operation.allCases)
  func endedFlowRefusesEveryOperation(status: FlowStatus, operation: Operation) throws {
    var driver = try Self.ended(status)
    let revision = driver.flow.revision
    #expect(throws: FlowFault.ended(status)) {
      switch operation {
      case .update: try driver.update([])
      case .next: try driver.next()
      case .back: try driver.back()
      case .cancel: try driver.cancel()
      case .validate: _ = try driver.validate([])
      }
    }
    #expect(driver.flow.status == status)
    #expect(driver.flow.revision == revision)
  }

  // MARK: - validate

  @Test func validateChangesNothing() throws {
    let driver = try FoundPetStates.driver(on: "contactDetails")
    let before = driver.flow
    let errors = try driver.validate([("phone", .text("12"))])
    #expect(errors["phone"]?.code == "phone.tooShort")
    #expect(driver.flow.values == before.values)
    #expect(driver.flow.revision == before.revision)
    #expect(driver.flow.errors.isEmpty)
  }

  @Test func validateChecksOnlyTheFieldsGiven() throws {
    let driver = try FoundPetStates.driver(on: "contactDetails")
    #expect(try driver.validate([("phone", .text("1234567"))]).isEmpty)
  }

  @Test func validateWithNoValuesChecksTheWholeStep() throws {
    let driver = try FoundPetStates.driver(on: "contactDetails")
    #expect(Set(try driver.validate([]).keys) == ["phone", "email"])
  }

  @Test func validateChecksTheNamedFieldsWithStoredValues() throws {
    var driver = try FoundPetStates.driver(on: "contactDetails")
    try driver.update([("phone", .text("12"))])
    let errors = try driver.validate([("email", .text("a@b.pl"))], only: ["phone", "email"])
    #expect(errors.mapValues(\.code) == ["phone": "phone.tooShort"])
  }

  // MARK: - revision

  @Test func revisionGrowsOnEveryChange() throws {
    var driver = FlowDriver(.reportMissingPet)
    var seen = [driver.flow.revision]
    try driver.update([("chipNumber", .text("1"))])
    seen.append(driver.flow.revision)
    try driver.next()
    seen.append(driver.flow.revision)
    try driver.back()
    seen.append(driver.flow.revision)
    try driver.cancel()
    seen.append(driver.flow.revision)
    #expect(seen == seen.sorted())
    #expect(Set(seen).count == seen.count)
  }

  @Test func nextCountsAsOneChange() throws {
    var driver = FlowDriver(.reportMissingPet)
    try driver.next([("chipNumber", .text("1"))])
    #expect(driver.flow.revision == 2)
  }
}
