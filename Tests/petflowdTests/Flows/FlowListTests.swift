// flow/list through the binary: the built-in definitions, whole, so a UI can draw any step
// from them.
import JSONRPC
import PetFlowCore
import Testing

@Suite struct FlowListTests {
  static func definition(_ id: String, locale: String = "en") throws -> JSONValue {
    let client = try FlowClient()
    try client.initialize(today: "2026-11-22", locale: locale)
    let flows = try #require(try client.result("flow/list", [:])["flows"]?.arrayValue)
    return try #require(flows.first { $0["id"]?.stringValue == id })
  }

  /// Every built-in flow in its order, at the version compiled in (`FlowDefinition.all`, which
  /// scripts/generate-flows writes from flows/*.json): a flow added there is listed here too.
  @Test func listHasTheBuiltInFlowsInOrderAtTheirVersions() throws {
    let client = try FlowClient()
    let flows = try #require(try client.result("flow/list", [:])["flows"]?.arrayValue)
    #expect(flows.compactMap { $0["id"]?.stringValue } == FlowDefinition.all.map(\.id))
    #expect(
      flows.compactMap { $0["version"]?.intValue } == FlowDefinition.all.map { Int($0.version) })
    #expect(flows.count >= 2, "the seeds' two reports at least")
  }

  @Test(
    arguments: [
      ("reportMissingPet", FlowFixtures.missingStepIds, ["1/4", "2/4", "3/4", "4/4", nil]),
      ("reportFoundPet", FlowFixtures.foundStepIds, ["1/3", "2/3", "3/3"]),
    ] as [(String, [String], [String?])])
  func definitionListsItsStepsWithProgress(flow: String, steps: [String], labels: [String?]) throws
  {
    let listed = try #require(try Self.definition(flow)["steps"]?.arrayValue)
    #expect(listed.compactMap { $0["id"]?.stringValue } == steps)
    #expect(listed.map { $0["progress"]?["label"]?.stringValue } == labels)
  }

  @Test func foundPetFieldsSayWhichAreRequired() throws {
    let steps = try #require(try Self.definition("reportFoundPet")["steps"]?.arrayValue)
    let required = steps.flatMap { step in
      (step["fields"]?.arrayValue ?? []).filter { $0["required"] == true }.compactMap {
        $0["id"]?.stringValue
      }
    }
    #expect(
      required == [
        "photo", "disappearanceDate", "animalSpecies", "animalGender", "animalLatitude",
        "animalLongitude", "phone", "email",
      ])
  }

  @Test func speciesFieldListsItsChoices() throws {
    let steps = try #require(try Self.definition("reportFoundPet")["steps"]?.arrayValue)
    let species = try #require(
      steps[1]["fields"]?.arrayValue?.first { $0["id"] == "animalSpecies" })
    #expect(species["options"]?[0] == ["id": "dog", "label": "Dog"])
  }

  @Test func titlesComeInTheSessionLanguage() throws {
    let steps = try #require(
      try Self.definition("reportMissingPet", locale: "pl")["steps"]?.arrayValue)
    #expect(steps[0]["title"] == "Numer mikroczipa")
  }
}
