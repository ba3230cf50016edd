// A flow file's own texts, limits and constants through the binary
// (flows/examples/injuredAnimal.json): a step's description and a field's hint in
// the session's language, a field's own message wherever its error is reported, the limits
// judged in the flow only, the constants in the payload.
import JSONRPC
import Testing

@Suite struct FlowFileTextsLimitsTests {
  static let directory = SightingFixtures.examples
  static let photo: JSONValue = [
    "photo": ["uri": "content://media/7", "mimeType": "image/jpeg", "sizeBytes": 2_400_000]
  ]
  static let place: JSONValue = [
    "latitude": "52.2297", "longitude": "21.0122", "moving": "no", "reachable": "yes",
  ]

  static func client(locale: String = "en") throws -> FlowClient {
    let client = try FlowClient(arguments: ["--flows", directory])
    try client.initialize(today: "2026-11-22", locale: locale)
    return client
  }

  @Test func aStepsDescriptionAndAFieldsHintComeInTheSessionsLanguage() throws {
    let client = try Self.client(locale: "pl")
    let id = try client.start("injuredAnimal")
    let step = try client.next(id, Self.photo)["step"]
    #expect(step?["description"] == "Opisz, co widzisz. Nie próbuj łapać zwierzęcia.")
    let moving = step?["fields"]?.arrayValue?.first { $0["id"] == "moving" }
    #expect(moving?["hint"] == "Obserwuj z daleka przez minutę")
  }

  @Test func aStepWithoutADescriptionHasNoSuchMember() throws {
    let snapshot = try FlowClient().result("flow/start", ["flow": "reportMissingPet"])
    #expect(snapshot["step"]?["title"] != nil)
    #expect(snapshot["step"]?["description"] == nil)
  }

  @Test func aFieldsOwnMessageIsTheSnapshotsAndFlowValidatesInTheSessionsLanguage() throws {
    let client = try Self.client(locale: "pl")
    let id = try client.start("injuredAnimal")
    _ = try client.next(id, Self.photo)
    let stayed = try client.next(id, ["latitude": "52.2297", "longitude": "21.0122"])
    #expect(stayed["errors"]?["moving"]?["code"] == "choice.required")
    #expect(stayed["errors"]?["moving"]?["message"] == "Zaznacz, czy zwierzę się porusza")
    _ = try client.next(id, Self.place)
    let validated = try client.validate(id, ["lastSeen": "2024-12-31"])
    #expect(validated["errors"]?["lastSeen"]?["message"] == "Przyjmujemy zgłoszenia od 2025-01-01")
    #expect(validated["errors"]?["lastSeen"]?["params"] == ["notBefore": "2025-01-01"])
  }

  @Test func aLimitHoldsInTheFlowAndNotInTheFieldMethods() throws {
    let client = try Self.client()
    let id = try client.start("injuredAnimal")
    _ = try client.next(id, Self.photo)
    let validated = try client.validate(id, ["age": 30])
    #expect(validated["errors"]?["age"]?["code"] == "age.outOfRange")
    #expect(validated["errors"]?["age"]?["params"] == ["min": 0, "max": 25])
    let field = try client.result("field/validate", ["field": "age", "value": 30])
    #expect(field["valid"] == true)
  }

  @Test func theConstantsAreSubmittedAsTheFileWritesThem() throws {
    let client = try Self.client()
    let id = try client.start("injuredAnimal")
    _ = try client.next(id, Self.photo)
    _ = try client.next(id, Self.place)
    _ = try client.next(id, ["lastSeen": "2026-11-20"])
    _ = try client.next(id, ["phone": "600 100 200"])
    let payload = try client.next(id)["payload"]
    #expect(payload?["reportType"] == "injuredAnimal")
    #expect(payload?["formRevision"] == 2)
    #expect(payload?["wild"] == true)
    #expect(payload?["animal"]?["moving"] == "no")
  }

  @Test func aNarrowedFlowExportsAndImportsWithItsDigest() throws {
    let client = try Self.client()
    let id = try client.start("injuredAnimal")
    _ = try client.next(id, Self.photo)
    let exported = try client.export(id)
    #expect(exported["digest"]?.stringValue?.count == 16)
    let imported = try client.importing(exported)
    #expect(imported["step"]?["id"] == "where")
  }
}
