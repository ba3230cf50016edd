// Both built-in reports walked through the typed flow session, and a snapshot exported and
// imported: only the public API, typed values, no JSON written by hand.
import PetFlowKit
import Testing

@Suite struct FlowSessionTests {
  static let today = CalendarDate(year: 2026, month: 11, day: 27) ?? .unixEpoch

  static let missingPetSteps: [[String: FieldInput]] = [
    ["chipNumber": .text("12345-67890-12345")],
    ["photo": .photo(PhotoMetadata(uri: "file:///photos/burek.png", mimeType: "image/png"))],
    ["description": .text("Brown dachshund, red collar")],
    ["contactPhone": .text("+48 600 700 800"), "contactEmail": .text("owner@example.com")],
  ]

  static let foundPetSteps: [[String: FieldInput]] = [
    [
      "photo": .photo(
        PhotoMetadata(
          uri: "content://media/42", mimeType: "image/jpeg", sizeBytes: 183_204,
          fileName: "rex.jpg"))
    ],
    [
      "disappearanceDate": .text("2026-11-22"), "animalSpecies": .text("dog"),
      "animalGender": .text("male"), "animalLatitude": .text("52.2297"),
      "animalLongitude": .text("21.0122"), "chipNumber": .text("123456789012345"),
    ],
    [
      "phone": .text("+48123456789"), "email": .text("finder@example.com"),
      "caregiverPhoneNumber": .text("+48987654321"),
      "currentPhysicalAddress": .text("123 Main Street, Warsaw, Poland"),
    ],
  ]

  /// Each step's values with Continue, then Continue on whatever remains (a summary) until the
  /// flow submits; at most a few presses more than there are steps.
  static func walk(_ flow: String, _ steps: [[String: FieldInput]]) throws -> FlowSession {
    var session = try FlowSession(flow: flow, today: today)
    for values in steps {
      let moved = try session.next(values)
      #expect(moved, "\(flow): \(session.stepId) stayed: \(session.errors)")
    }
    for _ in 0..<3 where session.status == .active { try session.next() }
    return session
  }

  @Test func missingPetReportSubmitsTheChipNumberAsDigits() throws {
    let session = try Self.walk("reportMissingPet", Self.missingPetSteps)
    #expect(session.status == .submitted)
    let values = session.payload?.compactMap(\.value) ?? []
    #expect(values.contains(.string("123456789012345")))
  }

  @Test func foundPetReportSubmitsWithoutWhatStaysInTheApp() throws {
    let session = try Self.walk("reportFoundPet", Self.foundPetSteps)
    #expect(session.status == .submitted)
    let payload = try #require(session.payload)
    #expect(!payload.isEmpty)
    // Seed 002: the caregiver's phone and the current address are never submitted.
    let submitted = payload.compactMap(\.value)
    #expect(!submitted.contains(.string("+48987654321")))
    #expect(!submitted.contains(.string("123 Main Street, Warsaw, Poland")))
  }

  @Test func firstStepOfTheMissingPetReportShowsItsFieldAndProgress() throws {
    let session = try FlowSession(flow: "reportMissingPet", today: Self.today)
    #expect(session.progress?.label == "1/4")
    #expect(session.fields.map(\.id) == ["chipNumber"])
    #expect(session.fields.first?.kind == .chipNumber)
    #expect(!session.canGoBack)
  }

  @Test func continueWithoutTheRequiredPhotoStaysWithItsError() throws {
    var session = try FlowSession(flow: "reportFoundPet", today: Self.today)
    let moved = try session.next()
    #expect(!moved)
    #expect(session.stepId == "photo")
    #expect(session.errors["photo"] != nil)
    #expect(session.fields.first?.error == session.errors["photo"])
  }

  @Test func backReturnsToThePreviousStepWithItsValueKept() throws {
    var session = try FlowSession(flow: "reportMissingPet", today: Self.today)
    try session.next(Self.missingPetSteps[0])
    #expect(session.canGoBack)
    try session.back()
    #expect(session.stepId == "chipNumber")
    #expect(session.fields.first?.value == .string("123456789012345"))
  }

  @Test func validateJudgesWithoutStoring() throws {
    let session = try FlowSession(flow: "reportMissingPet", today: Self.today)
    let errors = try session.validate(["chipNumber": .text("12a34")])
    #expect(errors["chipNumber"] != nil)
    #expect(session.fields.first?.value == nil)
  }

  @Test func importedSnapshotContinuesAsTheExportedFlowWould() throws {
    var original = try FlowSession(flow: "reportFoundPet", today: Self.today)
    try original.next(Self.foundPetSteps[0])
    try original.update(["animalSpecies": .text("cat")])
    var imported = try FlowSession(importing: original.exportSnapshot(), today: Self.today)
    #expect(imported.stepId == original.stepId)
    #expect(imported.fields.map(\.value) == original.fields.map(\.value))
    #expect(imported.exportSnapshot() == original.exportSnapshot())
    for values in Self.foundPetSteps.dropFirst() {
      try original.next(values)
      try imported.next(values)
    }
    #expect(imported.status == .submitted)
    #expect(imported.payload?.map(\.path) == original.payload?.map(\.path))
    #expect(imported.payload?.map(\.value) == original.payload?.map(\.value))
  }

  @Test func importRefusesWhatIsNoSnapshot() {
    #expect(throws: FlowSession.Failure.self) {
      try FlowSession(importing: Array("{\"flow\":1}".utf8))
    }
    #expect(throws: FlowSession.Failure.self) {
      try FlowSession(importing: Array("not json".utf8))
    }
  }

  @Test func unknownFlowIsRefusedNamingTheFlows() {
    do {
      _ = try FlowSession(flow: "reportLostTortoise")
      Issue.record("an unknown flow started")
    } catch {
      #expect(error.message.contains("reportMissingPet"))
    }
  }
}
