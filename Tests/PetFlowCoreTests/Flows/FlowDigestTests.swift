// The digest is the structure's: a text changed keeps it, a structure changed does not.
import PetFlowCore
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

  @Test func builtInFlowsHaveDistinctDigests() {
    #expect(FlowDefinition.reportMissingPet.digest != FlowDefinition.reportFoundPet.digest)
  }
}
