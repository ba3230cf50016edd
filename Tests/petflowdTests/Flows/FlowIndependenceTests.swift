// Many flows side by side in one daemon: each keeps its own step, values, errors and ending.
import JSONRPC
import Testing

@Suite struct FlowIndependenceTests {
  @Test func everyStartedFlowGetsItsOwnId() throws {
    let client = try FlowClient()
    let ids = try (0..<50).map { index in
      try client.start(index.isMultiple(of: 2) ? "reportMissingPet" : "reportFoundPet")
    }
    #expect(Set(ids).count == ids.count)
  }

  @Test func manyFlowsKeepTheirOwnValues() throws {
    let client = try FlowClient()
    let ids = try (0..<40).map { _ in try client.start("reportMissingPet") }
    for (index, id) in ids.enumerated() {
      _ = try client.update(id, ["chipNumber": .string(String(index + 100))])
    }
    for (index, id) in ids.enumerated() {
      #expect(try client.state(id)["values"]?["chipNumber"] == .string(String(index + 100)))
    }
  }

  @Test func flowsOnDifferentStepsMoveIndependently() throws {
    let client = try FlowClient()
    let missing = try client.start("reportMissingPet")
    let found = try client.start("reportFoundPet")
    try client.next(missing, ["chipNumber": "123"])
    try client.next(missing)
    try client.next(found)
    #expect(try client.state(missing).stepId == "description")
    #expect(try client.state(found).stepId == "photo")
    #expect(try client.state(found).errorCodes == ["photo": "photo.required"])
    #expect(try client.state(missing)["errors"] == [:])
  }

  @Test func endingOneFlowLeavesTheOthersAlive() throws {
    let client = try FlowClient()
    let ids = try (0..<10).map { _ in try client.start("reportFoundPet") }
    for id in ids { try client.next(id, FlowFixtures.foundPhoto) }
    try client.cancel(ids[3])
    try client.back(ids[4])
    try client.back(ids[4])
    for (index, id) in ids.enumerated() {
      let state = try client.state(id)
      switch index {
      case 3: #expect(state["status"] == "cancelled")
      case 4: #expect(state["status"] == "cancelled")
      default:
        #expect(state["status"] == "active")
        #expect(state.stepId == "petDetails")
        #expect(state["values"]?["photo"] == FlowFixtures.photo)
      }
    }
  }

  @Test func twoFlowsOfTheSameDefinitionSubmitTheirOwnPayloads() throws {
    let client = try FlowClient()
    let first = try client.flow("reportFoundPet", through: FlowFixtures.foundSteps)
    let second = try client.flow(
      "reportFoundPet", through: [FlowFixtures.foundPhoto, FlowFixtures.minimalDetails])
    let secondPayload = try client.next(second, FlowFixtures.minimalContact)["payload"]
    let firstPayload = try client.next(first, FlowFixtures.completeContact)["payload"]
    #expect(secondPayload?["species"] == "cat")
    #expect(firstPayload?["species"] == "dog")
    #expect(firstPayload?["contactDetails"]?["email"] == "finder@example.com")
  }

  @Test func importedCopyChangesIndependentlyOfItsOriginal() throws {
    let client = try FlowClient()
    let id = try client.start("reportMissingPet")
    _ = try client.update(id, ["chipNumber": "111"])
    let copy = try #require(try client.importing(try client.export(id))["flowId"]?.stringValue)
    _ = try client.update(copy, ["chipNumber": "222"])
    try client.cancel(id)
    #expect(try client.state(copy)["values"]?["chipNumber"] == "222")
    #expect(try client.state(copy)["status"] == "active")
  }
}
