// Rebuilding a flow from its exported parts: every reachable state comes back, and states the
// flow could not have reached are refused.
@_spi(Engine) import PetFlowCore
import Testing

@Suite struct FlowRestoreTests {
  /// A stored value as export writes it, read back as an input.
  static func input(_ value: FieldValue) -> FieldInput {
    switch value {
    case .string(let text): return .text(text)
    case .integer(let number): return .number(String(number))
    case .decimal(let number): return .number(number.description)
    case .photo(let photo): return .photo(photo)
    }
  }

  /// The flow as export describes it, restored.
  static func restored(_ flow: FlowInstance, context: FieldContext = session()) throws(FlowInstance
    .RestoreFault) -> FlowInstance
  {
    try FlowInstance(
      restoring: flow.definition, stepId: flow.step.id,
      values: flow.values.map { ($0.key, input($0.value)) },
      rejected: flow.rejected.map { ($0.key, $0.value) }, shownErrors: Array(flow.errors.keys),
      revision: flow.revision, context: context)
  }

  static func expectSame(_ restored: FlowInstance, _ original: FlowInstance) {
    #expect(restored.definition.id == original.definition.id)
    #expect(restored.stepIndex == original.stepIndex)
    #expect(restored.values == original.values)
    #expect(restored.errors == original.errors)
    #expect(restored.rejected == original.rejected)
    #expect(restored.revision == original.revision)
    #expect(restored.status == .active)
  }

  static func restore(
    _ definition: FlowDefinition, step: String, _ values: Inputs, rejected: Inputs = [],
    shown: [String] = []
  ) throws(FlowInstance.RestoreFault) -> FlowInstance {
    try FlowInstance(
      restoring: definition, stepId: step, values: values, rejected: rejected, shownErrors: shown,
      revision: 7, context: session())
  }

  // MARK: - Round trips

  @Test(arguments: MissingPetStates.stepIds)
  func missingPetStepRoundTrips(step: String) throws {
    let driver = try MissingPetStates.driver(on: step)
    Self.expectSame(try Self.restored(driver.flow), driver.flow)
  }

  @Test(arguments: ["photo", "petDetails", "contactDetails"])
  func foundPetStepRoundTrips(step: String) throws {
    let driver = try FoundPetStates.driver(on: step)
    Self.expectSame(try Self.restored(driver.flow), driver.flow)
  }

  @Test(arguments: ["photo", "petDetails", "contactDetails"])
  func foundPetStepWithErrorsShownRoundTrips(step: String) throws {
    var driver = try FoundPetStates.driver(on: step)
    let emptied = driver.flow.step.fields.map { (field: $0.id, input: FieldInput.null) }
    try driver.next(emptied)
    #expect(!driver.flow.errors.isEmpty)
    Self.expectSame(try Self.restored(driver.flow), driver.flow)
  }

  @Test func laterStepsValuesRoundTripFromAnEarlierStep() throws {
    var driver = try FoundPetStates.driver(on: "contactDetails")
    try driver.update([("phone", .text("12"))])
    try driver.back()
    try driver.back()
    Self.expectSame(try Self.restored(driver.flow), driver.flow)
  }

  /// An input rejected on a step the answers then led away from stays with it, behind the
  /// current step, and comes back with the snapshot.
  @Test func rejectedInputOnAStepThePathLeftRoundTrips() throws {
    var driver = try SightingStates.onWhere()
    try driver.next(SightingStates.whereStep(stillThere: "yes"))
    try driver.update([("phone", .text("12"))])
    try driver.back()
    try driver.next(SightingStates.whereStep(stillThere: "no"))
    #expect(driver.stepId == "summary")
    #expect(driver.flow.rejected["phone"] == .text("12"))
    Self.expectSame(try Self.restored(driver.flow), driver.flow)
  }

  @Test func rejectedInputOnAnEarlierStepOnThePathIsRefused() {
    let values: Inputs = [
      ("photo", .photo(FoundPetStates.photo)), ("species", .text("cat")),
      ("stillThere", .text("yes")),
    ]
    #expect(throws: FlowInstance.RestoreFault.invalidValue(field: "species")) {
      try Self.restore(
        SightingStates.sighting, step: "contact", values.filter { $0.field != "species" },
        rejected: [("species", .text("dragon"))])
    }
  }

  @Test func rejectedInputRoundTripsWithItsError() throws {
    var driver = try FoundPetStates.driver(on: "petDetails")
    try driver.next([("animalLatitude", .number("1000")), ("animalSpecies", .text("dragon"))])
    #expect(driver.flow.rejected.count == 2)
    Self.expectSame(try Self.restored(driver.flow), driver.flow)
  }

  @Test(
    arguments: [
      ("animalAge", FieldInput.number("3")),
      ("animalAge", .null),
      ("photo", .text("rex.jpg")),
    ])
  func rejectedInputThatIsNoRejectionOfTheStepIsRefused(field: String, input: FieldInput) {
    #expect(throws: FlowInstance.RestoreFault.invalidValue(field: field)) {
      try FlowInstance(
        restoring: .reportFoundPet, stepId: "petDetails",
        values: FoundPetStates.photoStep, rejected: [(field, input)], shownErrors: [],
        revision: 3, context: session())
    }
  }

  @Test func rejectedInputBesideAValueIsRefused() {
    #expect(throws: FlowInstance.RestoreFault.invalidValue(field: "animalAge")) {
      try FlowInstance(
        restoring: .reportFoundPet, stepId: "petDetails",
        values: FoundPetStates.photoStep + [("animalAge", .number("3"))],
        rejected: [("animalAge", .number("1.5"))], shownErrors: [], revision: 3,
        context: session())
    }
  }

  @Test func shownErrorsAreRecomputedFromTheValues() throws {
    let flow = try Self.restore(
      .reportFoundPet, step: "photo", [("photo", .photo(FoundPetStates.photo))], shown: ["photo"])
    #expect(flow.errors.isEmpty)
  }

  @Test func revisionIsCarriedOn() throws {
    #expect(try Self.restore(.reportMissingPet, step: "chipNumber", []).revision == 7)
  }

  // MARK: - Refusals

  @Test func unknownStepIsRefused() {
    #expect(throws: FlowInstance.RestoreFault.unknownStep("review")) {
      try Self.restore(.reportMissingPet, step: "review", [])
    }
  }

  @Test func unknownFieldIsRefused() {
    #expect(throws: FlowInstance.RestoreFault.unknownField("petName")) {
      try Self.restore(.reportMissingPet, step: "chipNumber", [("petName", .text("Rex"))])
    }
  }

  @Test func shownErrorOfUnknownFieldIsRefused() {
    #expect(throws: FlowInstance.RestoreFault.unknownField("nope")) {
      try Self.restore(.reportMissingPet, step: "chipNumber", [], shown: ["nope"])
    }
  }

  @Test(
    arguments: [
      ("chipNumber", FieldInput.text("12345-67890-12345")),
      ("chipNumber", .text("12a3")),
      ("chipNumber", .text("1234567890123456")),
      ("chipNumber", .number("123")),
      ("chipNumber", .text("")),
      ("chipNumber", .bool(true)),
      ("chipNumber", .photo(FoundPetStates.photo)),
      ("animalLatitude", .text("52.2297")),
      ("animalLatitude", .number("5e1")),
      ("animalLatitude", .number("1000")),
      ("animalAge", .text("3")),
      ("animalAge", .number("3.0")),
      ("animalSpecies", .text("Dog")),
      ("animalSpecies", .text("dragon")),
      ("email", .text(" finder@example.com")),
      ("phone", .text("+48 123 456 789")),
      ("disappearanceDate", .text("20261122")),
      ("photo", .text("rex.jpg")),
      ("currentPhysicalAddress", .text(String(repeating: "a", count: 501))),
    ])
  func valueExportCouldNotHaveWrittenIsRefused(field: String, input: FieldInput) {
    #expect(throws: FlowInstance.RestoreFault.invalidValue(field: field)) {
      try Self.restore(.reportFoundPet, step: "photo", [(field, input)])
    }
  }

  @Test func stepAfterAFailingStepIsRefused() {
    #expect(
      throws: FlowInstance.RestoreFault.unreachableStep(
        step: "contactDetails", failingStep: "photo")
    ) {
      try Self.restore(.reportFoundPet, step: "contactDetails", FoundPetStates.completeDetails)
    }
  }

  @Test func aValueAFlowNeverStoresIsRefused() {
    #expect(throws: FlowInstance.RestoreFault.invalidValue(field: "contactPhone")) {
      try Self.restore(.reportMissingPet, step: "description", [("contactPhone", .text("123"))])
    }
  }

  @Test func stepAfterARejectedInputIsRefused() {
    #expect(throws: FlowInstance.RestoreFault.invalidValue(field: "contactPhone")) {
      try Self.restore(
        .reportMissingPet, step: "summary", [], rejected: [("contactPhone", .text("123"))])
    }
  }

  @Test func rejectedInputOnTheCurrentOrALaterStepIsAccepted() throws {
    let flow = try Self.restore(
      .reportMissingPet, step: "description", [], rejected: [("contactPhone", .text("123"))])
    #expect(flow.values["contactPhone"] == nil)
    #expect(flow.rejected["contactPhone"] == .text("123"))
  }
}
