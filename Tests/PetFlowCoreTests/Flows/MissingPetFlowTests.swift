// reportMissingPet as data and as a coordinator: seeds 000 (flow state, view model), 001
// (user stories 1-4) and 004 (steps, back button per step).
@_spi(Engine) import PetFlowCore
import Testing

@Suite struct MissingPetFlowTests {
  let definition = FlowDefinition.reportMissingPet

  // MARK: - Definition

  @Test func missingPetIsVersionOneWithFourFormStepsThenASummary() {
    #expect(definition.id == "reportMissingPet")
    #expect(definition.version == 1)
    #expect(definition.steps.map(\.id) == MissingPetStates.stepIds)
    #expect(definition.steps.map(\.kind) == [.form, .form, .form, .form, .summary])
  }

  @Test(
    arguments: [
      ("chipNumber", ["chipNumber"], [FieldKind.chipNumber]),
      ("photo", ["photo"], [.photo]),
      ("description", ["description"], [.text]),
      ("contactDetails", ["contactPhone", "contactEmail"], [.phone, .email]),
      ("summary", [], []),
    ])
  func missingPetStepHasItsFieldsAllOptional(step: String, fields: [String], kinds: [FieldKind])
    throws
  {
    let found = try #require(definition.steps.first { $0.id == step })
    #expect(found.fields.map(\.id) == fields)
    #expect(found.fields.map(\.kind) == kinds)
    #expect(found.fields.allSatisfy { !$0.options.required })
  }

  @Test func descriptionIsCappedAtFiveHundredCharacters() throws {
    let field = try #require(definition.field("description"))
    #expect(field.options.maxLength == 500)
  }

  @Test func chipNumberStepIsTitledMicrochipNumber() {
    #expect(definition.steps[0].title.text(in: .en) == "Microchip number")
    #expect(definition.steps[0].fields[0].label.text(in: .en) == "Microchip number (optional)")
  }

  @Test(arguments: [(0, "1/4"), (1, "2/4"), (2, "3/4"), (3, "4/4")])
  func formStepShowsItsProgress(index: Int, label: String) {
    #expect(definition.progress(ofStep: index)?.label == label)
    #expect(definition.progress(ofStep: index)?.total == 4)
  }

  @Test func summaryShowsNoProgress() {
    #expect(definition.progress(ofStep: 4) == nil)
  }

  // MARK: - User story 1: a known microchip number

  @Test func flowStartsOnChipNumberStepWithNothingEntered() {
    let flow = FlowInstance(definition: definition)
    #expect(flow.step.id == "chipNumber")
    #expect(flow.status == .active)
    #expect(flow.values.isEmpty)
    #expect(flow.errors.isEmpty)
  }

  @Test func chipNumberIsStoredAsDigitsAndShownFormatted() throws {
    var driver = FlowDriver(definition)
    try driver.update([("chipNumber", .text("123456789012345"))])
    #expect(driver.flow.values["chipNumber"] == .string("123456789012345"))
    #expect(driver.flow.display("chipNumber") == "12345-67890-12345")
  }

  @Test func continueSavesDigitsOnlyAndMovesToPhoto() throws {
    var driver = FlowDriver(definition)
    let advance = try driver.next([("chipNumber", .text("12345-67890-12345"))])
    guard case .moved = advance else {
      Issue.record("expected to move, got \(advance)")
      return
    }
    #expect(driver.stepId == "photo")
    #expect(driver.flow.values["chipNumber"] == .string("123456789012345"))
  }

  @Test func chipNumberOverFifteenDigitsIsRefusedNeverCut() throws {
    var driver = FlowDriver(definition)
    try driver.next([("chipNumber", .text("1234567890123456789"))])
    #expect(driver.flow.values["chipNumber"] == nil)
    #expect(driver.stepId == "chipNumber")
    #expect(driver.flow.errors["chipNumber"]?.code == "chipNumber.tooLong")
  }

  // MARK: - User story 2: no microchip number

  @Test func continueWithEmptyChipNumberMovesOnWithoutErrors() throws {
    var driver = FlowDriver(definition)
    try driver.next([("chipNumber", .text(""))])
    #expect(driver.stepId == "photo")
    #expect(driver.flow.errors.isEmpty)
  }

  @Test func emptyChipNumberIsSavedAsNoValue() throws {
    var driver = FlowDriver(definition)
    try driver.update([("chipNumber", .text("12345"))])
    try driver.next([("chipNumber", .text(""))])
    #expect(driver.flow.values["chipNumber"] == nil)
    #expect(driver.flow.display("chipNumber") == nil)
  }

  // MARK: - User story 3: back from the first step

  @Test func backOnFirstStepCancelsAndClearsValues() throws {
    var driver = FlowDriver(definition)
    try driver.update([("chipNumber", .text("12345-678"))])
    try driver.back()
    #expect(driver.flow.status == .cancelled)
    #expect(driver.flow.values.isEmpty)
  }

  @Test func firstStepOffersNoPreviousStep() {
    #expect(!FlowInstance(definition: definition).canGoBack)
  }

  // MARK: - User story 4: coming back to step 1

  @Test func chipNumberIsShownFormattedAgainAfterComingBack() throws {
    var driver = FlowDriver(definition)
    try driver.next([("chipNumber", .text("12345-67890-12345"))])
    try driver.back()
    #expect(driver.stepId == "chipNumber")
    #expect(driver.flow.display("chipNumber") == "12345-67890-12345")
  }

  @Test func changedChipNumberReplacesTheSavedOne() throws {
    var driver = FlowDriver(definition)
    try driver.next([("chipNumber", .text("12345-67890-12345"))])
    try driver.back()
    try driver.next([("chipNumber", .text("99999-1"))])
    #expect(driver.stepId == "photo")
    #expect(driver.flow.values["chipNumber"] == .string("999991"))
  }

  // MARK: - Back button per step (004)

  @Test(arguments: [
    ("photo", "chipNumber"), ("description", "photo"), ("contactDetails", "description"),
    ("summary", "contactDetails"),
  ])
  func backOnLaterStepGoesToPreviousStepKeepingValues(from step: String, to previous: String)
    throws
  {
    var driver = try MissingPetStates.driver(on: step)
    let values = driver.flow.values
    #expect(driver.flow.canGoBack)
    try driver.back()
    #expect(driver.stepId == previous)
    #expect(driver.flow.status == .active)
    #expect(driver.flow.values == values)
  }

  // MARK: - Contact details and summary

  @Test func contactDetailsMayBeLeftEmpty() throws {
    var driver = try MissingPetStates.driver(on: "contactDetails")
    try driver.next([("contactPhone", .text("")), ("contactEmail", .text(""))])
    #expect(driver.stepId == "summary")
  }

  @Test func contactDetailsGivenAreValidated() throws {
    var driver = try MissingPetStates.driver(on: "contactDetails")
    try driver.next([("contactPhone", .text("12-34")), ("contactEmail", .text("owner@"))])
    #expect(driver.stepId == "contactDetails")
    #expect(
      driver.errorCodes == ["contactPhone": "phone.tooShort", "contactEmail": "email.invalid"])
  }

  @Test func summaryShowsEverythingEntered() throws {
    let driver = try MissingPetStates.driver(on: "summary")
    #expect(driver.flow.step.fields.isEmpty)
    #expect(
      driver.flow.values == [
        "chipNumber": .string("123456789012345"), "photo": .photo(MissingPetStates.photo),
        "description": .string("Brown dachshund, red collar"),
        "contactPhone": .string("+48600700800"), "contactEmail": .string("owner@example.com"),
      ])
  }

  @Test func nextOnSummarySubmitsThePayloadAndClearsValues() throws {
    var driver = try MissingPetStates.driver(on: "summary")
    let payload = try #require(FlowDriver.payload(try driver.next()))
    #expect(
      payload == [
        "chipNumber": .string("123456789012345"), "photo": .photo(MissingPetStates.photo),
        "description": .string("Brown dachshund, red collar"),
        "contactPhone": .string("+48600700800"), "contactEmail": .string("owner@example.com"),
      ])
    #expect(driver.flow.status == .submitted)
    #expect(driver.flow.values.isEmpty)
  }

  @Test func payloadCarriesNilForFieldsLeftEmpty() throws {
    var driver = FlowDriver(definition)
    for _ in 0..<4 { try driver.next() }
    let payload = try #require(FlowDriver.payload(try driver.next()))
    #expect(
      payload.keys.sorted() == [
        "chipNumber", "contactEmail", "contactPhone", "description", "photo",
      ])
    #expect(payload.values.allSatisfy { $0 == nil })
  }
}
