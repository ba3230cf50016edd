// reportFoundPet as data and as a coordinator: seed 002's three steps, example flow states
// and payload.
@_spi(Engine) import PetFlowCore
import Testing

@Suite struct FoundPetFlowTests {
  let definition = FlowDefinition.reportFoundPet

  // MARK: - Definition

  @Test func foundPetIsVersionOneWithThreeFormSteps() {
    #expect(definition.id == "reportFoundPet")
    #expect(definition.version == 1)
    #expect(definition.steps.map(\.id) == ["photo", "petDetails", "contactDetails"])
    #expect(definition.steps.allSatisfy { $0.kind == .form })
  }

  @Test(
    arguments: [
      ("photo", ["photo"], ["photo"]),
      (
        "petDetails",
        [
          "disappearanceDate", "animalSpecies", "animalGender", "animalLatitude",
          "animalLongitude", "chipNumber", "animalRace", "animalAge", "petName",
          "animalAdditionalDescription",
        ],
        [
          "disappearanceDate", "animalSpecies", "animalGender", "animalLatitude",
          "animalLongitude",
        ]
      ),
      (
        "contactDetails",
        ["phone", "email", "rewardDescription", "caregiverPhoneNumber", "currentPhysicalAddress"],
        ["phone", "email"]
      ),
    ])
  func foundPetStepHasItsFieldsAndRequiredOnes(step: String, fields: [String], required: [String])
    throws
  {
    let found = try #require(definition.steps.first { $0.id == step })
    #expect(found.fields.map(\.id) == fields)
    #expect(found.fields.filter(\.options.required).map(\.id) == required)
  }

  @Test(
    arguments: [
      ("photo", FieldKind.photo), ("disappearanceDate", .date), ("animalSpecies", .species),
      ("animalGender", .gender), ("animalLatitude", .latitude), ("animalLongitude", .longitude),
      ("chipNumber", .chipNumber), ("animalRace", .text), ("animalAge", .age),
      ("petName", .text), ("animalAdditionalDescription", .text), ("phone", .phone),
      ("email", .email), ("rewardDescription", .text), ("caregiverPhoneNumber", .phone),
      ("currentPhysicalAddress", .text),
    ])
  func foundPetFieldHasItsKind(field: String, kind: FieldKind) throws {
    #expect(try #require(definition.field(field)).kind == kind)
  }

  @Test(arguments: ["animalAdditionalDescription", "currentPhysicalAddress"])
  func longTextFieldIsCappedAtFiveHundred(field: String) throws {
    #expect(try #require(definition.field(field)).options.maxLength == 500)
  }

  @Test(arguments: [(0, "1/3"), (1, "2/3"), (2, "3/3")])
  func foundPetStepShowsItsProgress(index: Int, label: String) {
    #expect(definition.progress(ofStep: index)?.current == index + 1)
    #expect(definition.progress(ofStep: index)?.total == 3)
    #expect(definition.progress(ofStep: index)?.label == label)
  }

  // MARK: - Example flow states

  @Test func validCompleteStateSubmits() throws {
    var driver = try FoundPetStates.driver(on: "contactDetails")
    let payload = try #require(FlowDriver.payload(try driver.next(FoundPetStates.completeContact)))
    #expect(driver.flow.status == .submitted)
    #expect(
      payload == [
        "photo": .photo(FoundPetStates.photo), "chipNumber": .string("123456789012345"),
        "disappearanceDate": .string("2026-11-22"), "species": .string("dog"), "race": nil,
        "gender": .string("male"), "age": nil, "location.latitude": .decimal("52.2297"),
        "location.longitude": .decimal("21.0122"), "additionalDescription": nil,
        "contactDetails.phone": .string("+48123456789"),
        "contactDetails.email": .string("finder@example.com"),
        "contactDetails.rewardDescription": nil,
      ])
  }

  @Test func minimalValidStateSubmits() throws {
    var driver = FlowDriver(definition)
    try driver.next(FoundPetStates.photoStep)
    try driver.next(FoundPetStates.minimalDetails)
    let payload = try #require(FlowDriver.payload(try driver.next(FoundPetStates.minimalContact)))
    #expect(payload["species"] == .string("cat"))
    #expect(payload["gender"] == .string("female"))
    #expect(payload["location.latitude"] == .decimal("50.0647"))
    #expect(payload["location.longitude"] == .decimal("19.9450"))
    #expect(payload["contactDetails.phone"] == .string("1234567"))
    #expect(payload["contactDetails.email"] == .string("test@test.com"))
    #expect(payload["chipNumber"] == .some(nil))
  }

  @Test func payloadNeverCarriesCaregiverPhoneOrAddress() throws {
    var driver = try FoundPetStates.driver(on: "contactDetails")
    let payload = try #require(FlowDriver.payload(try driver.next(FoundPetStates.completeContact)))
    let carried = payload.keys.map { $0.split(separator: ".").last.map(String.init) ?? $0 }
    #expect(!carried.contains("caregiverPhoneNumber"))
    #expect(!carried.contains("currentPhysicalAddress"))
    #expect(!payload.values.contains(.string("+48987654321")))
    #expect(!payload.values.contains(.string("123 Main Street, Warsaw, Poland")))
  }

  @Test func payloadLeavesOutPetNameAsTheSubmissionServiceDoes() throws {
    var driver = FlowDriver(definition)
    try driver.next(FoundPetStates.photoStep)
    try driver.next(FoundPetStates.minimalDetails + [("petName", .text("Rex"))])
    let payload = try #require(FlowDriver.payload(try driver.next(FoundPetStates.minimalContact)))
    #expect(!payload.values.contains(.string("Rex")))
  }

  @Test func optionalDetailsReachThePayload() throws {
    var driver = FlowDriver(definition)
    try driver.next(FoundPetStates.photoStep)
    try driver.next(
      FoundPetStates.minimalDetails + [
        ("animalRace", .text("Mixed")), ("animalAge", .number("3")),
        ("animalAdditionalDescription", .text("Blue collar")),
      ])
    let payload = try #require(
      FlowDriver.payload(
        try driver.next(FoundPetStates.minimalContact + [("rewardDescription", .text("200 PLN"))])))
    #expect(payload["race"] == .string("Mixed"))
    #expect(payload["age"] == .integer(3))
    #expect(payload["additionalDescription"] == .string("Blue collar"))
    #expect(payload["contactDetails.rewardDescription"] == .string("200 PLN"))
  }

  // MARK: - Completion re-validates every step

  @Test func nextOnLastStepValidatesEveryStepAndLandsOnFirstFailing() throws {
    var driver = try FoundPetStates.driver(on: "contactDetails")
    // The date found was today; the UI's clock now says it is the day before.
    driver.context.today = day("2026-11-21")
    let advance = try driver.next(FoundPetStates.completeContact)
    #expect(FlowDriver.payload(advance) == nil)
    #expect(driver.flow.status == .active)
    #expect(driver.stepId == "petDetails")
    #expect(driver.errorCodes == ["disappearanceDate": "date.inFuture"])
  }

  @Test func contactDetailsEnteredBeforeLandingBackAreKept() throws {
    var driver = try FoundPetStates.driver(on: "contactDetails")
    driver.context.today = day("2026-11-21")
    try driver.next(FoundPetStates.completeContact)
    #expect(driver.flow.values["email"] == .string("finder@example.com"))
  }
}
