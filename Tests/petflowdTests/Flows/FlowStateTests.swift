// The snapshot every flow call answers, through the binary: its members, rev, and which calls
// change the flow.
import JSONRPC
import Testing

@Suite struct FlowStateTests {
  @Test func snapshotHasEveryDocumentedMember() throws {
    let client = try FlowClient()
    let snapshot = try client.result("flow/start", ["flow": "reportFoundPet"])
    #expect(
      snapshot.objectValue?.names == [
        "flowId", "flow", "version", "status", "rev", "step", "values", "display", "errors",
        "canBack",
      ])
    #expect(
      snapshot["step"]?.objectValue?.names == [
        "id", "index", "kind", "title", "progress", "fields",
      ])
  }

  @Test func revisionGrowsOnEveryChange() throws {
    let client = try FlowClient()
    let id = try client.start("reportMissingPet")
    var revisions = [try client.state(id)["rev"]?.intValue]
    revisions.append(try client.update(id, ["chipNumber": "1"])["rev"]?.intValue)
    revisions.append(try client.next(id)["rev"]?.intValue)
    revisions.append(try client.next(id)["rev"]?.intValue)
    revisions.append(try client.back(id)["rev"]?.intValue)
    revisions.append(try client.cancel(id)["rev"]?.intValue)
    let numbers = revisions.compactMap { $0 }
    #expect(numbers.count == revisions.count)
    #expect(numbers == numbers.sorted())
    #expect(Set(numbers).count == numbers.count)
  }

  @Test func readingTheFlowChangesNothing() throws {
    let client = try FlowClient()
    let id = try client.start("reportFoundPet")
    let before = try client.state(id)
    _ = try client.validate(id, ["photo": nil])
    _ = try client.export(id)
    _ = try client.result("flow/list", [:])
    #expect(try client.state(id) == before)
  }

  @Test func updateStoresDraftsWithoutValidatingOrMoving() throws {
    let client = try FlowClient()
    let id = try client.flow("reportFoundPet", through: FlowFixtures.foundSteps)
    let snapshot = try client.update(id, ["phone": "12", "email": "nope"])
    #expect(snapshot.stepId == "contactDetails")
    #expect(snapshot["errors"] == [:])
    // No value stands beside an error: what was typed shows as the field's text.
    #expect(snapshot["values"]?["phone"] == nil)
    #expect(snapshot["display"]?["phone"] == "12")
    #expect(snapshot["display"]?["email"] == "nope")
  }

  @Test func updatingAFieldDropsOnlyItsShownError() throws {
    let client = try FlowClient()
    let id = try client.flow("reportFoundPet", through: FlowFixtures.foundSteps)
    try client.next(id, ["phone": "12", "email": "nope"])
    let snapshot = try client.update(id, ["phone": "123"])
    #expect(snapshot.errorCodes == ["email": "email.invalid"])
  }

  @Test func updatingAFieldWithItsSameValueKeepsItsShownError() throws {
    let client = try FlowClient()
    let id = try client.flow("reportFoundPet", through: [FlowFixtures.foundPhoto])
    try client.next(id, ["animalSpecies": "dog"])
    // A page sends every field of the step when one changes: only the changed one loses its
    // error, the empty ones sent again as empty keep theirs.
    let snapshot = try client.update(
      id, ["animalSpecies": "cat", "disappearanceDate": "", "animalGender": nil])
    #expect(snapshot.errorCodes["animalSpecies"] == nil)
    #expect(snapshot.errorCodes["disappearanceDate"] == "date.required")
    #expect(snapshot.errorCodes["animalGender"] == "gender.required")
    #expect(snapshot.errorCodes["animalLatitude"] == "latitude.required")
  }

  @Test func validateChecksTheNamedFieldsAgainstStoredValues() throws {
    let client = try FlowClient()
    let id = try client.flow("reportFoundPet", through: FlowFixtures.foundSteps)
    _ = try client.update(id, ["phone": "12"])
    let result = try client.result(
      "flow/validate",
      ["flowId": .string(id), "values": ["email": "a@b.pl"], "fields": ["phone", "email"]])
    #expect(result["valid"] == false)
    #expect(result.errorCodes == ["phone": "phone.tooShort"])
  }

  @Test func validateWithoutValuesChecksTheWholeStep() throws {
    let client = try FlowClient()
    let id = try client.flow("reportFoundPet", through: FlowFixtures.foundSteps)
    let result = try client.result("flow/validate", ["flowId": .string(id)])
    #expect(result.errorCodes == ["phone": "phone.required", "email": "email.required"])
  }

  @Test(arguments: ["flow/next", "flow/validate"])
  func nullValuesAreReadAsNoValues(method: String) throws {
    let client = try FlowClient()
    let id = try client.start("reportMissingPet")
    let response = try client.response(method, ["flowId": .string(id), "values": nil])
    #expect(response["error"] == nil)
  }

  @Test func nullValuesOnUpdateAreMissing() throws {
    let client = try FlowClient()
    let id = try client.start("reportMissingPet")
    let error = try client.error("flow/update", ["flowId": .string(id), "values": nil])
    #expect(error["message"] == "Invalid params: missing required parameter 'values'")
  }

  @Test func endedFlowsBeyondMaxFlowsAreForgotten() throws {
    let client = try FlowClient(arguments: ["--max-flows", "3"])
    var ids: [String] = []
    for _ in 0..<4 {
      let id = try client.start("reportMissingPet")
      try client.cancel(id)
      ids.append(id)
    }
    #expect(try client.error("flow/state", ["flowId": .string(ids[0])])["code"] == -32010)
    for id in ids.dropFirst() { #expect(try client.state(id)["status"] == "cancelled") }
  }
}
