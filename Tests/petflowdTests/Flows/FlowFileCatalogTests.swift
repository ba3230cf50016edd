// --flows DIR through the binary: the example reports after the built-in ones, a file replacing
// a built-in flow, each listed with its title.
@_spi(Engine) import FlowFiles
import JSONRPC
@_spi(Engine) import PetFlowCore
@_spi(Engine) import PetFlowHost
import Testing

@Suite struct FlowFileCatalogTests {
  static func listed(_ client: FlowClient) throws -> [JSONValue] {
    try #require(try client.result("flow/list", [:])["flows"]?.arrayValue)
  }

  /// The built-in flows' ids, in the order flow/list gives them (compiled from flows/*.json).
  static let builtIn = FlowDefinition.all.map(\.id)

  /// The ids of flows/examples' files, in the order of the file names (protocol.md, "Flow
  /// files"): the sighting report, and any example added beside it.
  static func exampleIds() throws -> [String] {
    try Directory.files(in: SightingFixtures.examples).filter { $0.hasSuffix(".json") }
      .flatMap { FlowFileSet.load(files: [$0]).definitions.map(\.id) }
  }

  @Test func theSightingReportIsListedAfterTheBuiltInOnesWithItsTitle() throws {
    let client = try SightingFixtures.client()
    try client.initialize(today: "2026-11-22", locale: "pl")
    let flows = try Self.listed(client)
    #expect(try flows.compactMap { $0["id"]?.stringValue } == Self.builtIn + Self.exampleIds())
    let sighting = flows.first { $0["id"] == "reportSighting" }
    #expect(sighting?["title"] == "Zgłoś obserwację")
  }

  @Test func builtInFlowsHaveTitles() throws {
    let flows = try Self.listed(try FlowClient())
    #expect(
      flows.compactMap { $0["title"]?.stringValue }
        == FlowDefinition.all.map { $0.title.text(in: .en) })
  }

  @Test func aFileWithABuiltInFlowsIdReplacesItInItsPlace() throws {
    let file = try TextFile.read(SightingFixtures.repository + "/flows/reportFoundPet.json")
      .replacing("\"Report a found pet\"", with: "\"Report a stray you took in\"")
    let scratch = try ScratchDirectory()
    try scratch.write("reportFoundPet.json", file)
    let flows = try Self.listed(try FlowClient(arguments: ["--flows", scratch.path]))
    #expect(flows.compactMap { $0["id"]?.stringValue } == Self.builtIn)
    let place = try #require(Self.builtIn.firstIndex(of: "reportFoundPet"))
    #expect(flows[place]["title"] == "Report a stray you took in")
  }

  @Test func anUnknownFlowErrorNamesTheFlowsOfFilesToo() throws {
    let client = try SightingFixtures.client()
    let error = try client.error("flow/start", ["flow": "reportLostCat"])
    let flows = try (Self.builtIn + Self.exampleIds()).joined(separator: ", ")
    #expect(error["message"] == .string("unknown flow 'reportLostCat'; flows: \(flows)"))
  }
}
