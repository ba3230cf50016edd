// The digest covers what a flow narrows and the constants it sends, never its own texts; a flow
// that uses none of them keeps the digest it had.
@_spi(Engine) import PetFlowCore
import Testing

@Suite struct FlowDigestNarrowingTests {
  static func text(_ en: String) -> LocalizedText { LocalizedText(en: en, pl: en) }

  /// A one-field flow, the field and its step changed by `change`, and a payload.
  static func flow(
    payload: [PayloadEntry] = [PayloadEntry("age", from: "age")],
    _ change: (inout StepDefinition, inout FieldDefinition) -> Void = { _, _ in }
  ) -> FlowDefinition {
    var field = FieldDefinition("age", .age, label: text("Age"))
    var step = StepDefinition(id: "only", title: text("Only"), fields: [])
    change(&step, &field)
    var withField = StepDefinition(id: "only", title: text("Only"), fields: [field])
    withField.description = step.description
    return FlowDefinition(id: "digest", version: 1, steps: [withField], payload: payload)
  }

  @Test func aLimitChangesTheDigest() {
    let narrowed = Self.flow { _, field in field.limits = FieldLimits(max: 20) }
    #expect(narrowed.digest != Self.flow().digest)
  }

  @Test func anotherBoundChangesTheDigest() {
    let twenty = Self.flow { _, field in field.limits = FieldLimits(max: 20) }
    let thirty = Self.flow { _, field in field.limits = FieldLimits(max: 30) }
    #expect(twenty.digest != thirty.digest)
  }

  @Test func aConstantChangesTheDigest() {
    let constant = Self.flow(payload: [
      PayloadEntry("age", from: "age"), PayloadEntry("type", constant: .string("a")),
    ])
    let other = Self.flow(payload: [
      PayloadEntry("age", from: "age"), PayloadEntry("type", constant: .string("b")),
    ])
    #expect(constant.digest != Self.flow().digest)
    #expect(constant.digest != other.digest)
  }

  @Test func hintsMessagesAndDescriptionsKeepTheDigest() {
    let worded = Self.flow { step, field in
      step.description = Self.text("Guidance")
      field.hint = Self.text("Roughly")
      field.messages = ["age.required": Self.text("How old?")]
    }
    #expect(worded.digest == Self.flow().digest)
    #expect(FlowDigest.canonicalText(of: worded) != FlowDigest.canonicalText(of: Self.flow()))
  }

  @Test(arguments: FlowDefinition.all)
  func aBuiltInFlowWorkedOutAgainKeepsTheDigestItWasCompiledWith(definition: FlowDefinition) {
    let again = FlowDefinition(
      id: definition.id, version: definition.version, title: definition.title,
      steps: definition.steps, payload: definition.payload, upgrades: definition.upgrades)
    #expect(again.digest == definition.digest)
  }
}
