// The example injured-animal report (flows/examples/injuredAnimal.json) through the binary: a
// field required only while the animal is not moving, and its two rules' errors in `errors`.
import JSONRPC
import Testing

@Suite struct InjuredAnimalFlowTests {
  static let photo: JSONValue = ["photo": FlowFixtures.photo]

  static func place(moving: String) -> JSONValue {
    ["latitude": "52.2297", "longitude": "21.0122", "moving": .string(moving)]
  }

  /// A report on its `when` step, the animal moving.
  static func onWhen(_ client: FlowClient) throws -> String {
    try client.flow("injuredAnimal", through: [photo, place(moving: "yes")])
  }

  @Test func reachableIsRequiredOnlyWhileTheAnimalIsNotMoving() throws {
    let client = try SightingFixtures.client()
    let id = try client.flow("injuredAnimal", through: [Self.photo])
    let stopped = try client.next(id, Self.place(moving: "no"))
    #expect(stopped.errorCodes == ["reachable": "choice.required"])
    let reachable = stopped["step"]?["fields"]?.arrayValue?.first { $0["id"] == "reachable" }
    #expect(reachable?["required"] == true)
    #expect(reachable?["requiredWhen"] == ["field": "moving", "equals": "no"])
    #expect(try client.next(id, ["moving": "yes"]).stepId == "when")
  }

  @Test func aLastSightingBeforeTheFirstIsTheCompareRulesErrorUnderLastSeen() throws {
    let client = try SightingFixtures.client()
    let id = try Self.onWhen(client)
    let answer = try client.next(id, ["firstSeen": "2026-11-20", "lastSeen": "2026-11-19"])
    #expect(answer.errorCodes == ["lastSeen": "rule.lastAfterFirst"])
    #expect(answer["errors"]?["lastSeen"]?["params"] == ["rule": "lastAfterFirst"])
  }

  @Test func noPhoneAndNoEmailIsTheAtLeastOneRulesErrorInTheSessionsLanguage() throws {
    let client = try SightingFixtures.client()
    try client.initialize(today: "2026-11-22", locale: "pl")
    let id = try Self.onWhen(client)
    try client.next(id, ["lastSeen": "2026-11-21"])
    let answer = try client.next(id)
    #expect(answer.errorCodes == ["phone": "rule.contact"])
    #expect(answer["errors"]?["phone"]?["message"] == "Podaj numer telefonu lub adres e-mail")
    #expect(try client.next(id, ["email": "finder@example.com"]).stepId == "summary")
  }
}
