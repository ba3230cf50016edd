// What a UI sends on each step of both flows: seed 002's example states, 000/001's chip number.
import JSONRPC

enum FlowFixtures {
  static let photo: JSONValue = [
    "uri": "content://media/42", "mimeType": "image/jpeg", "sizeBytes": 183204,
    "fileName": "rex.jpg",
  ]

  // MARK: - reportFoundPet

  static let foundPhoto: JSONValue = ["photo": photo]

  /// The seed's valid complete state: a dog found today in Warsaw, chip number given.
  static let completeDetails: JSONValue = [
    "disappearanceDate": "2026-11-22", "animalSpecies": "dog", "animalGender": "male",
    "animalLatitude": .number("52.2297"), "animalLongitude": .number("21.0122"),
    "chipNumber": "123456789012345",
  ]
  static let completeContact: JSONValue = [
    "phone": "+48123456789", "email": "finder@example.com",
    "caregiverPhoneNumber": "+48987654321",
    "currentPhysicalAddress": "123 Main Street, Warsaw, Poland",
  ]

  /// The seed's minimal valid state: a female cat in Kraków, only what is required.
  static let minimalDetails: JSONValue = [
    "disappearanceDate": "2026-11-22", "animalSpecies": "cat", "animalGender": "female",
    "animalLatitude": .number("50.0647"), "animalLongitude": .number("19.9450"),
  ]
  static let minimalContact: JSONValue = ["phone": "1234567", "email": "test@test.com"]

  static let foundStepIds = ["photo", "petDetails", "contactDetails"]

  /// The values that take a found-pet flow from its first step onto each later one.
  static let foundSteps: [JSONValue] = [foundPhoto, completeDetails]

  // MARK: - reportMissingPet

  static let missingStepIds = ["chipNumber", "photo", "description", "contactDetails", "summary"]

  /// What a user enters on each form step of the missing-pet flow.
  static let missingSteps: [JSONValue] = [
    ["chipNumber": "12345-67890-12345"],
    ["photo": ["uri": "file:///photos/burek.png", "mimeType": "image/png"]],
    ["description": "Brown dachshund, red collar"],
    ["contactPhone": "+48 600 700 800", "contactEmail": "owner@example.com"],
  ]

  /// The values that take a flow onto the step with this id, from its first step.
  static func steps(to stepId: String, in flow: String) -> [JSONValue] {
    let ids = flow == "reportFoundPet" ? foundStepIds : missingStepIds
    let all = flow == "reportFoundPet" ? foundSteps : missingSteps
    return Array(all.prefix(ids.firstIndex(of: stepId) ?? 0))
  }
}
