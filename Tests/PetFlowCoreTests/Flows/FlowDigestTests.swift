// The digest is the structure's: a text changed keeps it, a structure changed does not.
@_spi(Engine) import PetFlowCore
import Testing

@Suite struct FlowDigestTests {
  @Test func digestIsSixteenHexDigits() {
    let digest = SightingStates.sighting.digest
    #expect(digest.count == 16)
    #expect(digest.allSatisfy { $0.isHexDigit && !$0.isUppercase })
  }

  @Test func sameStructureWithOtherTextsHasTheSameDigest() {
    let retitled = FlowDefinition(
      id: "reportSighting", version: 1, title: SightingStates.text("Seen a stray?"),
      steps: SightingStates.sighting.steps.map { step in
        StepDefinition(
          id: step.id, kind: step.kind, title: SightingStates.text(step.title.text(in: .en) + "!"),
          fields: step.fields, next: step.next)
      }, payload: SightingStates.sighting.payload)
    #expect(retitled.digest == SightingStates.sighting.digest)
  }

  @Test func anotherConditionChangesTheDigest() {
    let changed = SightingStates.withWhereNext([
      StepTransition(when: .equals(field: "stillThere", .string("no")), goto: "summary"),
      StepTransition(goto: "contact"),
    ])
    #expect(changed.digest != SightingStates.sighting.digest)
  }

  /// The sighting report with `rules` on its contact step and `requiredWhen` on its phone.
  static func sighting(rules: [StepRule], phoneRequiredWhen: FlowCondition? = nil)
    -> FlowDefinition
  {
    let base = SightingStates.sighting
    return FlowDefinition(
      id: base.id, version: base.version, title: base.title,
      steps: base.steps.map { step in
        guard step.id == "contact" else { return step }
        return StepDefinition(
          id: step.id, kind: step.kind, title: step.title,
          fields: step.fields.map { field in
            FieldDefinition(
              field.id, field.kind, label: field.label, options: field.options,
              requiredWhen: phoneRequiredWhen)
          }, next: step.next, rules: rules)
      }, payload: base.payload)
  }

  static func rule(message: String) -> StepRule {
    StepRule(
      id: "contact", message: SightingStates.text(message), check: .atLeastOne(["phone"]))
  }

  @Test func aRuleChangesTheDigestAndItsMessageDoesNot() {
    let ruled = Self.sighting(rules: [Self.rule(message: "Phone")])
    #expect(ruled.digest != SightingStates.sighting.digest)
    #expect(Self.sighting(rules: [Self.rule(message: "Other")]).digest == ruled.digest)
  }

  @Test func aConditionalRequiredChangesTheDigest() {
    let conditional = Self.sighting(
      rules: [], phoneRequiredWhen: .equals(field: "stillThere", .string("yes")))
    #expect(conditional.digest != SightingStates.sighting.digest)
    #expect(Self.sighting(rules: []).digest == SightingStates.sighting.digest)
  }

  @Test func builtInFlowsHaveDistinctDigests() {
    #expect(FlowDefinition.reportMissingPet.digest != FlowDefinition.reportFoundPet.digest)
  }
}
