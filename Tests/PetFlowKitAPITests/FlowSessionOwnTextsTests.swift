// The typed flow session tells a field in its flow's own words: the field's hint, and its own
// message for an error, on the fields and in validate, as the JSON methods do.
import PetFlowKit
import Testing

@Suite struct FlowSessionOwnTextsTests {
  /// A one-step flow file whose age field has its own hint, limit and message, in English and
  /// Polish: built from bytes, as an app ships a flow (the definitions' parts are not public).
  static func flow() throws -> FlowDefinition {
    let file = """
      {"formatVersion": 1, "id": "ownTexts", "version": 1, "languages": ["en", "pl"],
       "title": {"en": "Own texts", "pl": "Own texts (pl)"},
       "steps": [{"id": "only", "title": {"en": "Only", "pl": "Only (pl)"},
                  "fields": [{"id": "age", "kind": "age", "label": {"en": "Age", "pl": "Age (pl)"},
                              "hint": {"en": "Roughly, in years", "pl": "Roughly, in years (pl)"},
                              "max": 10,
                              "messages": {"age.outOfRange": {"en": "At most {max} years",
                                                              "pl": "At most {max} years (pl)"}}}]}],
       "payload": {"age": "age"}}
      """
    let loaded = FlowFile.load(Array(file.utf8), file: "ownTexts.json")
    #expect(loaded.problems.map(\.line) == [])
    return try #require(loaded.definition)
  }

  @Test func aFieldsOwnHintIsItsHint() throws {
    let session = try FlowSession(flow: "ownTexts", flows: [Self.flow()], language: .pl)
    #expect(session.fields.first?.hint == "Roughly, in years (pl)")
  }

  @Test func aFieldsOwnMessageIsItsProblemsMessage() throws {
    let session = try FlowSession(flow: "ownTexts", flows: [Self.flow()])
    let problem = try session.validate(["age": .text("12")])["age"]
    #expect(problem?.code == "age.outOfRange")
    #expect(problem?.message == "At most 10 years")
  }
}
