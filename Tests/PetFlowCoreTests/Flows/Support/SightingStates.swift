// A branching flow built in code, shaped as flows/examples/reportSighting.json: photo, where
// (species, stillThere), contact only while the animal is still there, then a summary.
import PetFlowCore

enum SightingStates {
  static func text(_ en: String) -> LocalizedText { LocalizedText(en: en, pl: en) }

  static let stillThere = FieldOptions(
    required: true,
    choices: [FieldOption(id: "yes", label: text("Yes")), FieldOption(id: "no", label: text("No"))])

  static func definition(version: Int64 = 1, upgrades: [FlowUpgrade] = []) -> FlowDefinition {
    FlowDefinition(
      id: "reportSighting", version: version, title: text("Report a sighting"),
      steps: [
        StepDefinition(
          id: "photo", title: text("Photo"),
          fields: [
            FieldDefinition("photo", .photo, label: text("Photo"), options: .init(required: true))
          ]),
        StepDefinition(
          id: "where", title: text("Where"),
          fields: [
            FieldDefinition(
              "species", .species, label: text("Species"), options: .init(required: true)),
            FieldDefinition(
              "stillThere", .choice, label: text("Still there?"), options: stillThere),
          ],
          next: [
            StepTransition(when: .equals(field: "stillThere", .string("yes")), goto: "contact"),
            StepTransition(goto: "summary"),
          ]),
        StepDefinition(
          id: "contact", title: text("Contact"),
          fields: [
            FieldDefinition("phone", .phone, label: text("Phone"), options: .init(required: true))
          ]),
        StepDefinition(id: "summary", kind: .summary, title: text("Summary"), fields: []),
      ],
      payload: [
        PayloadEntry("photo", from: "photo"), PayloadEntry("species", from: "species"),
        PayloadEntry("stillThere", from: "stillThere"), PayloadEntry("contactPhone", from: "phone"),
      ],
      upgrades: upgrades)
  }

  static let sighting = definition()

  /// The sighting flow with another `next` on `where`.
  static func withWhereNext(_ next: [StepTransition]) -> FlowDefinition {
    FlowDefinition(
      id: "reportSighting", version: 1, title: sighting.title,
      steps: sighting.steps.map { step in
        guard step.id == "where" else { return step }
        return StepDefinition(id: step.id, title: step.title, fields: step.fields, next: next)
      }, payload: sighting.payload)
  }

  static let photoStep: Inputs = [("photo", .photo(FoundPetStates.photo))]

  static func whereStep(stillThere: String) -> Inputs {
    [("species", .text("cat")), ("stillThere", .text(stillThere))]
  }

  /// A sighting flow on `where`, its photo given.
  static func onWhere() throws -> FlowDriver {
    var driver = FlowDriver(sighting)
    try driver.next(photoStep)
    return driver
  }
}
