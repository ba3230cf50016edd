// Species and gender: one of a documented list, matched by id or label, any case.
@_spi(Engine) import PetFlowCore
import Testing

@Suite struct ChoiceFieldTests {
  @Test(
    "Species matches id or label in any case and language",
    arguments: [
      ("dog", "dog"), (" Dog ", "dog"), ("PIES", "dog"), ("cat", "cat"), ("Kot", "cat"),
      ("bird", "bird"), ("rabbit", "rabbit"), ("Królik", "rabbit"), ("rodent", "rodent"),
      ("reptile", "reptile"), ("other", "other"), ("INNY", "other"),
    ])
  func speciesMatch(text: String, id: String) {
    let result = FieldKind.species.read(.text(text))
    #expect(result.value == .string(id))
    #expect(result.error == nil)
  }

  @Test func unknownSpeciesNamesTheAllowedList() {
    let result = FieldKind.species.read(.text("dragon"))
    #expect(result.value == nil)
    #expect(result.error?.code == "species.unknown")
    #expect(
      result.error?.params == [
        FieldError.Param(
          "allowed", .strings(["dog", "cat", "bird", "rabbit", "rodent", "reptile", "other"]))
      ])
  }

  @Test func requiredEmptySpecies() {
    let error = FieldKind.species.read(.null, options: FieldOptions(required: true)).error
    #expect(error?.code == "species.required")
    #expect(error?.message(in: .en) == "Please select a species")
  }

  @Test(arguments: [
    ("male", "male"), ("Female", "female"), ("samica", "female"), ("unknown", "unknown"),
  ])
  func genderMatch(text: String, id: String) {
    #expect(FieldKind.gender.read(.text(text)).value == .string(id))
  }

  @Test func unknownGender() {
    #expect(FieldKind.gender.read(.text("x")).error?.code == "gender.unknown")
  }

  @Test func requiredEmptyGender() {
    let error = FieldKind.gender.read(.text("  "), options: FieldOptions(required: true)).error
    #expect(error?.code == "gender.required")
    #expect(error?.message(in: .en) == "Please select a gender")
  }

  @Test func optionsAreListedInInfo() {
    #expect(FieldKind.gender.options.map(\.id) == ["male", "female", "unknown"])
    #expect(FieldKind.species.options.first?.label(in: .pl) == "Pies")
  }
}
