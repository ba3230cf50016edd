// reportMissingPet through the binary: seed 001's user stories 1-4 and their acceptance
// scenarios, 000's ChipNumberViewModel tests, and 004's back button on every step.
import JSONRPC
import Testing

@Suite struct MissingPetUserStoryTests {
  static let flow = "reportMissingPet"

  // MARK: - User story 1: report with a known microchip number

  @Test func startingTheFlowShowsMicrochipNumberStepOneOfFour() throws {
    let client = try FlowClient()
    let snapshot = try client.result("flow/start", ["flow": "reportMissingPet"])
    #expect(snapshot["status"] == "active")
    #expect(snapshot.stepId == "chipNumber")
    #expect(snapshot["step"]?["title"] == "Microchip number")
    #expect(snapshot["step"]?["progress"]?["label"] == "1/4")
    #expect(snapshot["step"]?["fields"]?[0]?["label"] == "Microchip number (optional)")
    #expect(snapshot["step"]?["fields"]?[0]?["placeholder"] == "00000-00000-00000")
  }

  @Test(arguments: [
    ("12345", "12345"), ("123456", "12345-6"), ("12345678901", "12345-67890-1"),
    ("123456789012345", "12345-67890-12345"),
  ])
  func enteredDigitsAreShownWithHyphens(typed: String, shown: String) throws {
    let client = try FlowClient()
    let id = try client.start(Self.flow)
    let snapshot = try client.update(id, ["chipNumber": .string(typed)])
    #expect(snapshot["display"]?["chipNumber"] == .string(shown))
  }

  @Test func fifteenDigitsAreShownAsThreeGroupsOfFive() throws {
    let client = try FlowClient()
    let id = try client.start(Self.flow)
    let snapshot = try client.update(id, ["chipNumber": "123456789012345"])
    #expect(snapshot["display"]?["chipNumber"] == "12345-67890-12345")
  }

  @Test func continueWithAMicrochipNumberSavesItAndShowsStepTwoOfFour() throws {
    let client = try FlowClient()
    let id = try client.start(Self.flow)
    let snapshot = try client.next(id, ["chipNumber": "12345-67890-12345"])
    #expect(snapshot.stepId == "photo")
    #expect(snapshot["step"]?["progress"]?["label"] == "2/4")
    #expect(snapshot["values"]?["chipNumber"] == "123456789012345")
  }

  // MARK: - User story 2: report without a microchip number

  @Test func continueWithAnEmptyFieldShowsStepTwoWithoutErrors() throws {
    let client = try FlowClient()
    let id = try client.start(Self.flow)
    let snapshot = try client.next(id, ["chipNumber": ""])
    #expect(snapshot.stepId == "photo")
    #expect(snapshot["errors"] == [:])
  }

  @Test func continueStillWorksAfterTheFieldIsEmptiedAgain() throws {
    let client = try FlowClient()
    let id = try client.start(Self.flow)
    _ = try client.update(id, ["chipNumber": "12345-6"])
    _ = try client.update(id, ["chipNumber": ""])
    let snapshot = try client.next(id)
    #expect(snapshot.stepId == "photo")
    #expect(snapshot["errors"] == [:])
  }

  // MARK: - User story 3: back from the flow

  @Test func backOnStepOneCancelsTheFlow() throws {
    let client = try FlowClient()
    let id = try client.start(Self.flow)
    let snapshot = try client.back(id)
    #expect(snapshot["status"] == "cancelled")
    #expect(snapshot["step"] == .null)
    #expect(try client.state(id)["status"] == "cancelled")
  }

  @Test func backAfterPartialEntryKeepsNothing() throws {
    let client = try FlowClient()
    let id = try client.start(Self.flow)
    _ = try client.update(id, ["chipNumber": "12345-678"])
    let snapshot = try client.back(id)
    #expect(snapshot["values"] == [:])
    #expect(snapshot["display"] == [:])
    #expect(try client.state(id)["values"] == [:])
  }

  // MARK: - User story 4: coming back to step 1

  @Test func comingBackToStepOneShowsTheNumberFormatted() throws {
    let client = try FlowClient()
    let id = try client.start(Self.flow)
    try client.next(id, ["chipNumber": "12345-67890-12345"])
    let snapshot = try client.back(id)
    #expect(snapshot.stepId == "chipNumber")
    #expect(snapshot["display"]?["chipNumber"] == "12345-67890-12345")
  }

  @Test func numberChangedAfterComingBackIsSavedOnContinue() throws {
    let client = try FlowClient()
    let id = try client.start(Self.flow)
    try client.next(id, ["chipNumber": "12345-67890-12345"])
    try client.back(id)
    let snapshot = try client.next(id, ["chipNumber": "54321-09876"])
    #expect(snapshot.stepId == "photo")
    #expect(snapshot["values"]?["chipNumber"] == "5432109876")
  }

  // MARK: - 000's ChipNumberViewModel tests

  @Test func initWithSavedNumberRestoresItFormatted() throws {
    let client = try FlowClient()
    let id = try client.start(Self.flow)
    try client.next(id, ["chipNumber": "123456789012345"])
    try client.back(id)
    #expect(try client.state(id)["display"]?["chipNumber"] == "12345-67890-12345")
  }

  @Test func continueSavesDigitsOnlyToFlowState() throws {
    let client = try FlowClient()
    let id = try client.start(Self.flow)
    let snapshot = try client.next(id, ["chipNumber": "12345-67890-12345"])
    #expect(snapshot["values"]?["chipNumber"] == "123456789012345")
  }

  @Test func continueWithEmptyFieldSavesNoValue() throws {
    let client = try FlowClient()
    let id = try client.start(Self.flow)
    _ = try client.update(id, ["chipNumber": "123"])
    let snapshot = try client.next(id, ["chipNumber": ""])
    #expect(snapshot["values"]?["chipNumber"] == nil)
    #expect(snapshot["values"] == [:])
  }

  @Test func continueMovesToTheNextStep() throws {
    let client = try FlowClient()
    let id = try client.start(Self.flow)
    #expect(try client.next(id).stepId == "photo")
  }

  @Test func cancelEndsTheFlow() throws {
    let client = try FlowClient()
    let id = try client.start(Self.flow)
    _ = try client.update(id, ["chipNumber": "123"])
    let snapshot = try client.cancel(id)
    #expect(snapshot["status"] == "cancelled")
    #expect(snapshot["values"] == [:])
  }

  // MARK: - 004: the steps and the back button on each

  @Test(arguments: [
    ("chipNumber", "1/4", false), ("photo", "2/4", true), ("description", "3/4", true),
    ("contactDetails", "4/4", true),
  ])
  func formStepShowsItsProgressAndBackButton(step: String, label: String, canBack: Bool) throws {
    let client = try FlowClient()
    let id = try client.flow(Self.flow, through: FlowFixtures.steps(to: step, in: Self.flow))
    let snapshot = try client.state(id)
    #expect(snapshot.stepId == step)
    #expect(snapshot["step"]?["progress"]?["label"] == .string(label))
    #expect(snapshot["canBack"] == .bool(canBack))
  }

  @Test func summaryShowsNoProgressAndEverythingEntered() throws {
    let client = try FlowClient()
    let id = try client.flow(Self.flow, through: FlowFixtures.missingSteps)
    let snapshot = try client.state(id)
    #expect(snapshot.stepId == "summary")
    #expect(snapshot["step"]?["kind"] == "summary")
    #expect(snapshot["step"]?["progress"] == .null)
    #expect(snapshot["step"]?["fields"] == [])
    #expect(
      snapshot["display"]
        == [
          "chipNumber": "12345-67890-12345", "photo": "",
          "description": "Brown dachshund, red collar", "contactPhone": "+48 600 700 800",
          "contactEmail": "owner@example.com",
        ])
  }

  @Test(arguments: [
    ("photo", "chipNumber"), ("description", "photo"), ("contactDetails", "description"),
    ("summary", "contactDetails"),
  ])
  func backGoesToThePreviousStepWithItsValues(from step: String, to previous: String) throws {
    let client = try FlowClient()
    let id = try client.flow(Self.flow, through: FlowFixtures.steps(to: step, in: Self.flow))
    let before = try client.state(id)
    let snapshot = try client.back(id)
    #expect(snapshot["status"] == "active")
    #expect(snapshot.stepId == .some(previous))
    #expect(snapshot["values"] == before["values"])
  }

  @Test func contactDetailsGivenAreValidated() throws {
    let client = try FlowClient()
    let id = try client.flow(
      Self.flow, through: FlowFixtures.steps(to: "contactDetails", in: Self.flow))
    let snapshot = try client.next(id, ["contactPhone": "12-34", "contactEmail": "owner@"])
    #expect(snapshot.stepId == "contactDetails")
    #expect(
      snapshot.errorCodes == ["contactPhone": "phone.tooShort", "contactEmail": "email.invalid"])
    #expect(snapshot["errors"]?["contactPhone"]?["message"] == "Enter at least 7 digits")
    #expect(snapshot["errors"]?["contactEmail"]?["message"] == "Enter a valid email address")
  }

  @Test func continueOnSummarySubmitsThePayload() throws {
    let client = try FlowClient()
    let id = try client.flow(Self.flow, through: FlowFixtures.missingSteps)
    let snapshot = try client.next(id)
    #expect(snapshot["status"] == "submitted")
    #expect(
      snapshot["payload"]
        == [
          "chipNumber": "123456789012345",
          "photo": ["uri": "file:///photos/burek.png", "mimeType": "image/png"],
          "description": "Brown dachshund, red collar", "contactPhone": "+48600700800",
          "contactEmail": "owner@example.com",
        ])
    #expect(try client.state(id)["status"] == "submitted")
  }

  @Test func flowSkippedThroughSubmitsNullsForEveryField() throws {
    let client = try FlowClient()
    let id = try client.flow(Self.flow, through: [[:], [:], [:], [:]])
    let snapshot = try client.next(id)
    #expect(
      snapshot["payload"]
        == [
          "chipNumber": nil, "photo": nil, "description": nil, "contactPhone": nil,
          "contactEmail": nil,
        ])
  }
}
