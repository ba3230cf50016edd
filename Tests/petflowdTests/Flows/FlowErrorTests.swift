// The flow methods' protocol errors through the binary: unknown and ended flows, unknown
// definitions, --max-flows, and values for fields that are not on the current step.
import JSONRPC
import Testing

@Suite struct FlowErrorTests {
  /// Every method that takes a flowId, with the params it needs besides it.
  static let methodsOnAFlow: [(String, JSONValue)] = [
    ("flow/state", [:]), ("flow/update", ["values": ["chipNumber": "1"]]), ("flow/next", [:]),
    ("flow/back", [:]), ("flow/cancel", [:]), ("flow/validate", [:]), ("flow/export", [:]),
    ("flow/goto", ["step": "chipNumber"]),
  ]

  static func params(_ extra: JSONValue, flowId: String) -> JSONValue {
    extra.setting("flowId", .string(flowId))
  }

  // MARK: - Unknown flowId

  @Test(arguments: methodsOnAFlow)
  func unknownFlowIdIsRefused(method: String, extra: JSONValue) throws {
    let client = try FlowClient()
    _ = try client.start("reportMissingPet")
    let error = try client.error(method, Self.params(extra, flowId: "f00000000-1"))
    #expect(error["code"] == -32010)
    #expect(error["data"]?["flowId"] == "f00000000-1")
  }

  @Test func flowIdOfAnotherDaemonNamesNothing() throws {
    let first = try FlowClient()
    let id = try first.start("reportMissingPet")
    let second = try FlowClient()
    _ = try second.start("reportMissingPet")
    #expect(try second.error("flow/state", ["flowId": .string(id)])["code"] == -32010)
  }

  // MARK: - Ended flows

  /// A flow ended by each way a flow can end.
  static let endings: [(String, [String])] = [
    ("cancelled", ["flow/cancel"]), ("cancelled", ["flow/back"]),
    ("submitted", ["flow/next", "flow/next", "flow/next", "flow/next", "flow/next"]),
  ]

  static func ended(_ calls: [String], _ client: FlowClient) throws -> String {
    let id = try client.start("reportMissingPet")
    for method in calls { _ = try client.result(method, ["flowId": .string(id)]) }
    return id
  }

  @Test(arguments: endings)
  func endedFlowAnswersStateWithItsStatusAndNoValues(status: String, calls: [String]) throws {
    let client = try FlowClient()
    let id = try client.start("reportMissingPet")
    _ = try client.update(id, ["chipNumber": "12345"])
    for method in calls { _ = try client.result(method, ["flowId": .string(id)]) }
    let state = try client.state(id)
    #expect(state["flowId"] == .string(id))
    #expect(state["flow"] == "reportMissingPet")
    #expect(state["status"] == .string(status))
    #expect(state["step"] == .null)
    #expect(state["values"] == [:])
    #expect(state["display"] == [:])
    #expect(state["errors"] == [:])
    #expect(state["canBack"] == false)
  }

  @Test(arguments: endings, methodsOnAFlow.filter { $0.0 != "flow/state" }.map(\.0))
  func endedFlowRefusesEveryCallButState(ending: (String, [String]), method: String) throws {
    let client = try FlowClient()
    let id = try Self.ended(ending.1, client)
    let extra = Self.methodsOnAFlow.first { $0.0 == method }?.1 ?? [:]
    let error = try client.error(method, Self.params(extra, flowId: id))
    #expect(error["code"] == -32011)
    #expect(error["data"]?["status"] == .string(ending.0))
    #expect(error["data"]?["flowId"] == .string(id))
  }

  @Test func endedFlowsRevisionGrewWhenItEnded() throws {
    let client = try FlowClient()
    let id = try client.start("reportMissingPet")
    let started = try #require(try client.state(id)["rev"]?.intValue)
    let ended = try #require(try client.cancel(id)["rev"]?.intValue)
    #expect(ended > started)
    #expect(try client.state(id)["rev"]?.intValue == ended)
  }

  // MARK: - Unknown definitions

  @Test func unknownFlowIsRefused() throws {
    let client = try FlowClient()
    let error = try client.error("flow/start", ["flow": "reportLostCat"])
    #expect(error["code"] == -32012)
    #expect(error["data"]?["flow"] == "reportLostCat")
  }

  // MARK: - --max-flows

  @Test func flowBeyondMaxFlowsIsRefused() throws {
    let client = try FlowClient(arguments: ["--max-flows", "3"])
    for _ in 0..<3 { _ = try client.start("reportFoundPet") }
    let error = try client.error("flow/start", ["flow": "reportMissingPet"])
    #expect(error["code"] == -32013)
    #expect(error["data"]?["limit"] == 3)
  }

  @Test func importBeyondMaxFlowsIsRefused() throws {
    let client = try FlowClient(arguments: ["--max-flows", "3"])
    let ids = try (0..<3).map { _ in try client.start("reportMissingPet") }
    let snapshot = try client.export(ids[0])
    #expect(try client.error("flow/import", ["snapshot": snapshot])["code"] == -32013)
  }

  @Test(arguments: ["flow/cancel", "flow/back"])
  func endingAFlowFreesItsSlot(method: String) throws {
    let client = try FlowClient(arguments: ["--max-flows", "3"])
    let ids = try (0..<3).map { _ in try client.start("reportMissingPet") }
    _ = try client.result(method, ["flowId": .string(ids[1])])
    let id = try client.start("reportFoundPet")
    #expect(try client.state(id)["status"] == "active")
  }

  @Test func submittingAFlowFreesItsSlot() throws {
    let client = try FlowClient(arguments: ["--max-flows", "3"])
    let ids = try (0..<3).map { _ in try client.start("reportMissingPet") }
    for _ in 0..<5 { try client.next(ids[0]) }
    #expect(try client.state(ids[0])["status"] == "submitted")
    _ = try client.start("reportFoundPet")
    #expect(try client.error("flow/start", ["flow": "reportFoundPet"])["code"] == -32013)
  }

  @Test func refusedStartLeavesTheLiveFlowsAlone() throws {
    let client = try FlowClient(arguments: ["--max-flows", "3"])
    let ids = try (0..<3).map { _ in try client.start("reportMissingPet") }
    _ = try client.error("flow/start", ["flow": "reportMissingPet"])
    for id in ids { #expect(try client.state(id)["status"] == "active") }
  }

  // MARK: - Values for fields not on the current step

  @Test(arguments: ["flow/update", "flow/next", "flow/validate"])
  func valueForFieldOfAnotherStepIsAParameterError(method: String) throws {
    let client = try FlowClient()
    let id = try client.start("reportMissingPet")
    let error = try client.error(
      method, ["flowId": .string(id), "values": ["chipNumber": "123", "contactEmail": "a@b.pl"]])
    #expect(error["code"] == -32602)
    #expect(error["data"]?["parameter"] == "values.contactEmail")
    #expect(error["message"]?.stringValue?.contains("contactDetails") == true)
  }

  @Test func fieldOfAnotherStepNamedInFieldsIsRefusedAsFields() throws {
    let client = try FlowClient()
    let id = try client.start("reportMissingPet")
    let error = try client.error(
      "flow/validate", ["flowId": .string(id), "fields": ["chipNumber", "contactPhone"]])
    #expect(error["code"] == -32602)
    #expect(error["data"]?["parameter"] == "fields")
  }

  @Test func refusedValuesChangeNothing() throws {
    let client = try FlowClient()
    let id = try client.start("reportMissingPet")
    let before = try client.state(id)
    _ = try client.error(
      "flow/next", ["flowId": .string(id), "values": ["chipNumber": "123", "contactEmail": "x"]])
    #expect(try client.state(id) == before)
  }

  @Test func valueForFieldOfAnEarlierStepIsAParameterError() throws {
    let client = try FlowClient()
    let id = try client.flow("reportFoundPet", through: [FlowFixtures.foundPhoto])
    let error = try client.error(
      "flow/update", ["flowId": .string(id), "values": FlowFixtures.foundPhoto])
    #expect(error["data"]?["parameter"] == "values.photo")
  }

  @Test func valueForFieldTheFlowDoesNotHaveIsAParameterError() throws {
    let client = try FlowClient()
    let id = try client.start("reportMissingPet")
    let error = try client.error(
      "flow/update", ["flowId": .string(id), "values": ["petName": "Rex"]])
    #expect(error["code"] == -32602)
    #expect(error["data"]?["parameter"] == "values.petName")
  }

  @Test func summaryTakesNoValues() throws {
    let client = try FlowClient()
    let id = try client.flow("reportMissingPet", through: FlowFixtures.missingSteps)
    let error = try client.error(
      "flow/next", ["flowId": .string(id), "values": ["chipNumber": "1"]])
    #expect(error["code"] == -32602)
    #expect(try client.state(id)["status"] == "active")
  }

  @Test func validationFailureIsAResultNotAnError() throws {
    let client = try FlowClient()
    let id = try client.start("reportFoundPet")
    let response = try client.response("flow/next", ["flowId": .string(id)])
    #expect(response["error"] == nil)
    #expect(response["result"]?["errors"]?["photo"]?["code"] == "photo.required")
  }
}
