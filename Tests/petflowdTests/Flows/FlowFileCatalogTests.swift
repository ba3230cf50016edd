// --flows DIR through the binary: a third report beside the built-in ones, a file replacing a
// built-in flow, each listed with its title.
import JSONRPC
import Testing

@Suite struct FlowFileCatalogTests {
  static func listed(_ client: FlowClient) throws -> [JSONValue] {
    try #require(try client.result("flow/list", [:])["flows"]?.arrayValue)
  }

  @Test func theSightingReportIsListedAfterTheBuiltInOnesWithItsTitle() throws {
    let client = try SightingFixtures.client()
    try client.initialize(today: "2026-11-22", locale: "pl")
    let flows = try Self.listed(client)
    #expect(
      flows.compactMap { $0["id"]?.stringValue } == [
        "reportMissingPet", "reportFoundPet", "reportSighting",
      ])
    #expect(flows.compactMap { $0["title"]?.stringValue }.last == "Zgłoś obserwację")
  }

  @Test func builtInFlowsHaveTitles() throws {
    let flows = try Self.listed(try FlowClient())
    #expect(
      flows.compactMap { $0["title"]?.stringValue } == [
        "Report a missing pet", "Report a found pet",
      ])
  }

  @Test func aFileWithABuiltInFlowsIdReplacesItInItsPlace() throws {
    let file = try TextFile.read(SightingFixtures.repository + "/flows/reportFoundPet.json")
      .replacing("\"Report a found pet\"", with: "\"Report a stray you took in\"")
    let scratch = try ScratchDirectory()
    try scratch.write("reportFoundPet.json", file)
    let flows = try Self.listed(try FlowClient(arguments: ["--flows", scratch.path]))
    #expect(flows.compactMap { $0["id"]?.stringValue } == ["reportMissingPet", "reportFoundPet"])
    #expect(flows.last?["title"] == "Report a stray you took in")
  }

  @Test func anUnknownFlowErrorNamesTheFlowsOfFilesToo() throws {
    let client = try SightingFixtures.client()
    let error = try client.error("flow/start", ["flow": "reportLostCat"])
    #expect(
      error["message"]
        == "unknown flow 'reportLostCat'; flows: reportMissingPet, reportFoundPet, reportSighting")
  }
}
