// The typed flow session tells a field in its flow's own words: the field's hint, and its own
// message for an error, on the fields and in validate, as the JSON methods do.
import PetFlowKit
import Testing

@Suite struct FlowSessionOwnTextsTests {
  static func text(_ en: String) -> LocalizedText { LocalizedText(en: en, pl: en + " (pl)") }

  static func flow() -> FlowDefinition {
    var age = FieldDefinition("age", .age, label: text("Age"))
    age.hint = text("Roughly, in years")
    age.limits = FieldLimits(max: 10)
    age.messages = ["age.outOfRange": text("At most {max} years")]
    return FlowDefinition(
      id: "ownTexts", version: 1,
      steps: [StepDefinition(id: "only", title: text("Only"), fields: [age])],
      payload: [PayloadEntry("age", from: "age")])
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
