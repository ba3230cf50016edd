// The found-pet flow's two example states (seed 002's), step by step.
@_spi(Engine) import PetFlowCore

enum FoundPetStates {
  static let photo = PhotoMetadata(
    uri: "content://media/42", mimeType: "image/jpeg", sizeBytes: 183_204, fileName: "rex.jpg")

  static let photoStep: Inputs = [("photo", .photo(photo))]

  /// The seed's valid complete state: a dog found today in Warsaw, chip number given.
  static let completeDetails: Inputs = [
    ("disappearanceDate", .text("2026-11-22")), ("animalSpecies", .text("dog")),
    ("animalGender", .text("male")), ("animalLatitude", .number("52.2297")),
    ("animalLongitude", .number("21.0122")), ("chipNumber", .text("123456789012345")),
  ]
  static let completeContact: Inputs = [
    ("phone", .text("+48123456789")), ("email", .text("finder@example.com")),
    ("caregiverPhoneNumber", .text("+48987654321")),
    ("currentPhysicalAddress", .text("123 Main Street, Warsaw, Poland")),
  ]

  /// The seed's minimal valid state: a female cat in Kraków, only what is required.
  static let minimalDetails: Inputs = [
    ("disappearanceDate", .text("2026-11-22")), ("animalSpecies", .text("cat")),
    ("animalGender", .text("female")), ("animalLatitude", .number("50.0647")),
    ("animalLongitude", .number("19.9450")),
  ]
  static let minimalContact: Inputs = [
    ("phone", .text("1234567")), ("email", .text("test@test.com")),
  ]

  /// A found-pet flow moved validly onto the step with this id.
  static func driver(on stepId: String) throws -> FlowDriver {
    var driver = FlowDriver(.reportFoundPet)
    let steps: [Inputs] = [photoStep, completeDetails]
    for inputs in steps where driver.stepId != stepId { try driver.next(inputs) }
    return driver
  }
}
