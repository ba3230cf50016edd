import JSONRPC
import Testing

// rev: a change asked of a snapshot the flow has moved past changes nothing.
@Suite struct FlowRevisionTests {
  @Test func doubleClickedContinueDoesNotSkipAStep() throws {
    let client = try FlowClient()
    let id = try client.start("reportMissingPet")
    let first = try client.result(
      "flow/next", ["flowId": .string(id), "rev": 1, "values": ["chipNumber": "123"]])
    #expect(first.stepId == "photo")
    let second = try client.error("flow/next", ["flowId": .string(id), "rev": 1])
    #expect(second["code"] == -32015)
    #expect(second["data"]?["rev"] == 2)
    #expect(second["data"]?["flowId"] == .string(id))
    #expect(second["data"]?["snapshot"] == (try client.state(id)))
    #expect(try client.state(id).stepId == "photo")
  }

  @Test(arguments: ["flow/update", "flow/next", "flow/back", "flow/cancel", "flow/goto"])
  func staleRevisionChangesNothing(method: String) throws {
    let client = try FlowClient()
    let id = try client.flow("reportMissingPet", through: [["chipNumber": "123"]])
    let before = try client.state(id)
    var params: JSONValue = ["flowId": .string(id), "rev": 1]
    if method == "flow/update" { params = params.setting("values", ["photo": .null]) }
    if method == "flow/goto" { params = params.setting("step", "chipNumber") }
    #expect(try client.error(method, params)["code"] == -32015)
    #expect(try client.state(id) == before)
  }

  @Test(arguments: ["flow/update", "flow/next", "flow/back", "flow/cancel", "flow/goto"])
  func currentRevisionIsAccepted(method: String) throws {
    let client = try FlowClient()
    let id = try client.flow("reportMissingPet", through: [["chipNumber": "123"]])
    var params: JSONValue = ["flowId": .string(id), "rev": 2]
    if method == "flow/update" { params = params.setting("values", ["photo": .null]) }
    if method == "flow/goto" { params = params.setting("step", "chipNumber") }
    #expect(try client.result(method, params)["rev"] == 3)
  }

  @Test(arguments: [JSONValue.string("2"), .number("1.5"), .number("1e30"), true])
  func revisionThatIsNoWholeNumberIsAParameterError(rev: JSONValue) throws {
    let client = try FlowClient()
    let id = try client.start("reportMissingPet")
    let error = try client.error("flow/next", ["flowId": .string(id), "rev": rev])
    #expect(error["code"] == -32602)
    #expect(error["data"]?["parameter"] == "rev")
  }

  @Test func photoSizeBeyondWhatClientsReadExactlyIsAParameterError() throws {
    let client = try FlowClient()
    let photo: JSONValue = ["uri": "a", "mimeType": "image/png", "sizeBytes": .number("1e30")]
    let error = try client.error("field/validate", ["field": "photo", "value": photo])
    #expect(error["code"] == -32602)
    #expect(error["data"]?["parameter"] == "value.sizeBytes")
  }
}
