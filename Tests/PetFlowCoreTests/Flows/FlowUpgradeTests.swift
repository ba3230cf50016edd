// A snapshot of an older version brought to this one: renamed, dropped, re-judged, and landing
// no further than the first step on the path that fails.
@_spi(Engine) import PetFlowCore
import Testing

@Suite struct FlowUpgradeTests {
  static let version2 = SightingStates.definition(
    version: 2, upgrades: [FlowUpgrade(from: 1, renames: [("mobile", "phone")], drops: ["note"])])

  static func upgrade(step: String, _ values: Inputs) -> (
    flow: FlowInstance, losses: [(field: String, loss: FlowInstance.UpgradeLoss)]
  ) {
    FlowInstance.upgrading(
      version2, with: version2.upgrades[0], stepId: step, values: values, rejected: [],
      revision: 5, context: session())
  }

  @Test func renamedValueLandsInItsNewField() {
    let values = SightingStates.photoStep + SightingStates.whereStep(stillThere: "yes")
    let upgraded = Self.upgrade(step: "summary", values + [("mobile", .text("600100200"))])
    #expect(upgraded.flow.values["phone"] == .string("600100200"))
    #expect(upgraded.losses.isEmpty)
    #expect(upgraded.flow.step.id == "summary")
  }

  @Test func droppedUnknownAndInvalidValuesAreListedWithTheirReasons() {
    let upgraded = Self.upgrade(
      step: "where",
      SightingStates.photoStep + [
        ("note", .text("x")), ("colour", .text("grey")), ("stillThere", .text("maybe")),
      ])
    #expect(upgraded.losses.map(\.field) == ["note", "colour", "stillThere"])
    #expect(
      upgraded.losses.map(\.loss) == [.dropped, .noSuchField("colour"), .invalidValue])
  }

  @Test func landsOnTheFirstStepOnThePathThatFailsAndShowsItsErrors() {
    let upgraded = Self.upgrade(
      step: "summary", SightingStates.photoStep + SightingStates.whereStep(stillThere: "yes"))
    #expect(upgraded.flow.step.id == "contact")
    #expect(upgraded.flow.errors["phone"]?.code == "phone.required")
  }

  @Test func neverLandsPastTheSnapshotsStep() {
    let values = SightingStates.photoStep + SightingStates.whereStep(stillThere: "no")
    #expect(Self.upgrade(step: "where", values).flow.step.id == "where")
  }
}
