// The example sighting report (flows/examples/reportSighting.json), served with --flows: where
// its files are, and what a UI sends on each step.
import JSONRPC

enum SightingFixtures {
  static let repository: String = {
    var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(5)  // Tests/petflowdTests/Flows/Support/SightingFixtures.swift
    return parts.joined(separator: "/")
  }()

  static let examples = repository + "/flows/examples"
  /// Version 2 of the report, with its upgrade from version 1.
  static let version2 = examples + "/version2"

  static let photo: JSONValue = ["photo": FlowFixtures.photo]

  static func whereAndWhat(stillThere: String, species: String = "cat") -> JSONValue {
    [
      "latitude": "52.2297", "longitude": .number("21.0122"), "species": .string(species),
      "stillThere": .string(stillThere),
    ]
  }

  static let contact: JSONValue = ["phone": "600 100 200"]

  /// A daemon serving the sighting report beside the built-in ones (or from `directory`).
  static func client(_ directory: String = examples) throws -> FlowClient {
    try FlowClient(arguments: ["--flows", directory])
  }

  /// A daemon serving this text as the sighting report's file (it reads it at start-up only).
  static func client(servingSightingFile text: String) throws -> FlowClient {
    let scratch = try ScratchDirectory()
    try scratch.write("reportSighting.json", text)
    return try client(scratch.path)
  }

  /// The sighting report's file (version 1), with `old` replaced by `new`.
  static func sightingFile(replacing old: String, with new: String) throws -> String {
    try TextFile.read(examples + "/reportSighting.json").replacing(old, with: new)
  }

  /// A sighting flow on `where`, its photo given.
  static func onWhere(_ client: FlowClient) throws -> String {
    try client.flow("reportSighting", through: [photo])
  }
}
