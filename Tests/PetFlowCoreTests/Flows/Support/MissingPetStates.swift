// The missing-pet flow filled in step by step (seeds 000, 001, 004).
@_spi(Engine) import PetFlowCore

enum MissingPetStates {
  static let photo = PhotoMetadata(uri: "file:///photos/burek.png", mimeType: "image/png")

  /// What a user enters on each form step, in order.
  static let stepInputs: [Inputs] = [
    [("chipNumber", .text("12345-67890-12345"))],
    [("photo", .photo(photo))],
    [("description", .text("Brown dachshund, red collar"))],
    [("contactPhone", .text("+48 600 700 800")), ("contactEmail", .text("owner@example.com"))],
  ]

  static let stepIds = ["chipNumber", "photo", "description", "contactDetails", "summary"]

  /// A missing-pet flow moved onto the step with this id, every earlier step filled in.
  static func driver(on stepId: String) throws -> FlowDriver {
    var driver = FlowDriver(.reportMissingPet)
    for inputs in stepInputs where driver.stepId != stepId { try driver.next(inputs) }
    return driver
  }
}
