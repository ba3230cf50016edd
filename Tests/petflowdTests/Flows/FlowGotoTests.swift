// flow/goto through the binary: a check-answers page's Change link and a browser's Back and
// Forward show any step whose earlier steps validate, values kept.
import JSONRPC
import Testing

@Suite struct FlowGotoTests {
  @discardableResult
  func goto(_ client: FlowClient, _ id: String, _ step: String) throws -> JSONValue {
    try client.result("flow/goto", ["flowId": .string(id), "step": .string(step)])
  }

  func gotoError(_ client: FlowClient, _ id: String, _ step: String) throws -> JSONValue {
    try client.error("flow/goto", ["flowId": .string(id), "step": .string(step)])
  }

  @Test func gotoAnEarlierStepKeepsEveryValue() throws {
    let client = try FlowClient()
    let id = try client.flow("reportFoundPet", through: FlowFixtures.foundSteps)
    let before = try client.state(id)
    let snapshot = try goto(client, id, "photo")
    #expect(snapshot.stepId == "photo")
    #expect(snapshot["values"] == before["values"])
    #expect(snapshot["canBack"] == false)
    #expect(snapshot["rev"]?.intValue == (before["rev"]?.intValue ?? 0) + 1)
  }

  @Test func gotoALaterStepWhoseEarlierStepsValidateMovesThere() throws {
    let client = try FlowClient()
    let id = try client.flow("reportFoundPet", through: FlowFixtures.foundSteps)
    try client.back(id)
    try client.back(id)
    #expect(try goto(client, id, "contactDetails").stepId == "contactDetails")
  }

  @Test func gotoAStepBeyondAFailingStepIsRefusedNamingIt() throws {
    let client = try FlowClient()
    let id = try client.start("reportFoundPet")
    let before = try client.state(id)
    let error = try gotoError(client, id, "contactDetails")
    #expect(error["code"] == -32602)
    #expect(error["data"]?["parameter"] == "step")
    #expect(
      error["message"]
        == "Invalid params: step 'contactDetails' cannot be reached: step 'photo' does not validate"
    )
    #expect(try client.state(id) == before)
  }

  @Test func aBlockedRefusalSaysBlockedAndNamesTheStepInTheWay() throws {
    let client = try FlowClient()
    let id = try client.start("reportFoundPet")
    let data = try gotoError(client, id, "contactDetails")["data"]
    #expect(data?["reason"] == "blocked")
    #expect(data?["blockedBy"] == "photo")
  }

  @Test func blockedByPassesOverTheEarlierStepsThatValidate() throws {
    let client = try FlowClient()
    let id = try client.flow("reportFoundPet", through: [FlowFixtures.foundPhoto])
    try goto(client, id, "photo")
    let data = try gotoError(client, id, "contactDetails")["data"]
    #expect(data?["reason"] == "blocked")
    #expect(data?["blockedBy"] == "petDetails")
  }

  @Test func theStepABlockedRefusalNamesCanBeShown() throws {
    let client = try FlowClient()
    let id = try client.flow("reportFoundPet", through: [FlowFixtures.foundPhoto])
    try goto(client, id, "photo")
    let blockedBy = try #require(gotoError(client, id, "contactDetails")["data"]?["blockedBy"])
    let stepId = try #require(blockedBy.stringValue)
    #expect(try goto(client, id, stepId).stepId == stepId)
  }

  @Test func gotoAnUnknownStepIsRefusedAsUnknown() throws {
    let client = try FlowClient()
    let id = try client.start("reportMissingPet")
    let error = try gotoError(client, id, "payment")
    #expect(error["code"] == -32602)
    #expect(error["data"] == ["parameter": "step", "reason": "unknown"])
  }

  @Test func gotoTheCurrentStepChangesNothing() throws {
    let client = try FlowClient()
    let id = try client.flow("reportMissingPet", through: [["chipNumber": "123"]])
    let before = try client.state(id)
    #expect(try goto(client, id, "photo") == before)
  }

  @Test func gotoClearsTheErrorsShownOnTheStepLeft() throws {
    let client = try FlowClient()
    let id = try client.flow("reportFoundPet", through: FlowFixtures.foundSteps)
    try client.next(id, ["email": "nope"])
    try goto(client, id, "petDetails")
    let snapshot = try goto(client, id, "contactDetails")
    #expect(snapshot["errors"] == [:])
  }

  @Test func gotoWithoutAStepIsAMissingParameter() throws {
    let client = try FlowClient()
    let id = try client.start("reportMissingPet")
    let error = try client.error("flow/goto", ["flowId": .string(id)])
    #expect(error["message"] == "Invalid params: missing required parameter 'step'")
  }

  @Test func gotoTheSummaryAfterChangingAnAnswerReturnsToCheckAnswers() throws {
    let client = try FlowClient()
    let id = try client.flow(
      "reportMissingPet", through: [["chipNumber": "123"], [:], [:], [:]])
    #expect(try client.state(id).stepId == "summary")
    try goto(client, id, "chipNumber")
    try client.next(id, ["chipNumber": "456"])
    let summary = try goto(client, id, "summary")
    #expect(summary.stepId == "summary")
    #expect(summary["values"]?["chipNumber"] == "456")
  }
}
