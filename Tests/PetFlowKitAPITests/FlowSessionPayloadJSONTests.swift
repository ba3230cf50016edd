// The typed session's payload as JSON: what an app sends its backend, a flow file's constants
// included, which the typed `payload` leaves to the engine.
import PetFlowKit
import Testing

@Suite struct FlowSessionPayloadJSONTests {
  /// One step asking an age; the payload nests it and sends two constants beside it.
  static func flow() throws -> FlowDefinition {
    let file = """
      {"formatVersion": 1, "id": "withConstants", "version": 1, "languages": ["en"],
       "title": {"en": "Constants"},
       "steps": [{"id": "only", "title": {"en": "Only"},
                  "fields": [{"id": "age", "kind": "age", "label": {"en": "Age"}}]}],
       "payload": {"animal.age": "age", "source": {"value": "app"}, "schema": {"value": 1e2}}}
      """
    let loaded = FlowFile.load(Array(file.utf8), file: "withConstants.json")
    #expect(loaded.problems.map(\.line) == [])
    return try #require(loaded.definition)
  }

  @Test func aSubmittedPayloadIsWrittenWithTheFilesConstantsAsWritten() throws {
    var session = try FlowSession(flow: "withConstants", flows: [Self.flow()])
    try session.next(["age": .text("3")])
    let json = try #require(session.payloadJSON)
    #expect(
      String(decoding: json, as: UTF8.self)
        == #"{"animal":{"age":3},"source":"app","schema":1e2}"#)
  }

  @Test func aFlowNotYetSubmittedHasNoPayloadJSON() throws {
    let session = try FlowSession(flow: "withConstants", flows: [Self.flow()])
    #expect(session.payloadJSON == nil)
  }
}
