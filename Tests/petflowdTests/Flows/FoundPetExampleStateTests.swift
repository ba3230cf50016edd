// Seed 002's example flow states through the binary: both submit, with the payload the seed's
// submission service maps and never the caregiver phone or the address, which stay in the app.
import JSONRPC
import Testing

@Suite struct FoundPetExampleStateTests {
  static let flow = "reportFoundPet"

  @Test func validCompleteStateSubmitsItsPayload() throws {
    let client = try FlowClient()
    let id = try client.flow(Self.flow, through: FlowFixtures.foundSteps)
    let snapshot = try client.next(id, FlowFixtures.completeContact)
    #expect(snapshot["status"] == "submitted")
    #expect(
      snapshot["payload"]
        == [
          "photo": FlowFixtures.photo, "chipNumber": "123456789012345",
          "disappearanceDate": "2026-11-22", "species": "dog", "race": nil, "gender": "male",
          "age": nil,
          "location": ["latitude": .number("52.2297"), "longitude": .number("21.0122")],
          "additionalDescription": nil,
          "contactDetails": [
            "phone": "+48123456789", "email": "finder@example.com", "rewardDescription": nil,
          ],
        ])
  }

  @Test func minimalValidStateSubmitsWithNullsForTheOptionalFields() throws {
    let client = try FlowClient()
    let id = try client.flow(
      Self.flow, through: [FlowFixtures.foundPhoto, FlowFixtures.minimalDetails])
    let snapshot = try client.next(id, FlowFixtures.minimalContact)
    #expect(snapshot["status"] == "submitted")
    #expect(
      snapshot["payload"]
        == [
          "photo": FlowFixtures.photo, "chipNumber": nil, "disappearanceDate": "2026-11-22",
          "species": "cat", "race": nil, "gender": "female", "age": nil,
          "location": ["latitude": .number("50.0647"), "longitude": .number("19.9450")],
          "additionalDescription": nil,
          "contactDetails": [
            "phone": "1234567", "email": "test@test.com", "rewardDescription": nil,
          ],
        ])
  }

  @Test func payloadNeverCarriesCaregiverPhoneOrAddress() throws {
    let client = try FlowClient()
    let id = try client.flow(Self.flow, through: FlowFixtures.foundSteps)
    let payload = try #require(try client.next(id, FlowFixtures.completeContact)["payload"])
    let text = payload.jsonText
    #expect(!text.contains("caregiverPhoneNumber"))
    #expect(!text.contains("currentPhysicalAddress"))
    #expect(!text.contains("+48987654321"))
    #expect(!text.contains("Main Street"))
  }

  @Test func optionalDetailsReachThePayloadButNotThePetName() throws {
    let client = try FlowClient()
    let details = FlowFixtures.minimalDetails
      .setting("animalRace", "Mixed").setting("animalAge", 3).setting("petName", "Rex")
      .setting("animalAdditionalDescription", "Blue collar")
    let id = try client.flow(Self.flow, through: [FlowFixtures.foundPhoto, details])
    let payload = try #require(
      try client.next(id, FlowFixtures.minimalContact.setting("rewardDescription", "200 PLN"))[
        "payload"])
    #expect(payload["race"] == "Mixed")
    #expect(payload["age"] == 3)
    #expect(payload["additionalDescription"] == "Blue collar")
    #expect(payload["contactDetails"]?["rewardDescription"] == "200 PLN")
    #expect(!payload.jsonText.contains("Rex"))
  }

  @Test func submittedFlowKeepsNoValues() throws {
    let client = try FlowClient()
    let id = try client.flow(Self.flow, through: FlowFixtures.foundSteps)
    try client.next(id, FlowFixtures.completeContact)
    let state = try client.state(id)
    #expect(state["status"] == "submitted")
    #expect(state["step"] == .null)
    #expect(state["values"] == [:])
    #expect(state["display"] == [:])
  }

  @Test func continueOnLastStepLandsOnFirstFailingStep() throws {
    let client = try FlowClient()
    let id = try client.flow(Self.flow, through: FlowFixtures.foundSteps)
    // The date found was "today"; the UI's clock now says it is the day before.
    try client.initialize(today: "2026-11-21")
    let snapshot = try client.next(id, FlowFixtures.completeContact)
    #expect(snapshot["status"] == "active")
    #expect(snapshot["payload"] == nil)
    #expect(snapshot.stepId == "petDetails")
    #expect(snapshot.errorCodes == ["disappearanceDate": "date.inFuture"])
    #expect(snapshot["values"]?["email"] == "finder@example.com")
  }

  @Test func continueOnPetDetailsDoesNotValidateContactDetails() throws {
    let client = try FlowClient()
    let id = try client.flow(Self.flow, through: [FlowFixtures.foundPhoto])
    let snapshot = try client.next(id, FlowFixtures.completeDetails)
    #expect(snapshot.stepId == "contactDetails")
    #expect(snapshot["errors"] == [:])
    #expect(snapshot["step"]?["progress"]?["label"] == "3/3")
  }
}
