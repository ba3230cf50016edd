// flow/export then flow/import through the binary: every reachable state comes back as it
// was (but for its new flowId), and tampered snapshots are refused.
import JSONRPC
import Testing

@Suite struct FlowSnapshotTests {
  /// A state to export: a flow, the values that reach a step, then what was done there.
  struct State: CustomTestStringConvertible, Sendable {
    let flow: String
    let step: String
    /// Requests sent on the step: (method, values), e.g. a flow/next that fails.
    let then: [(String, JSONValue?)]
    let name: String

    init(_ flow: String, _ step: String, _ name: String = "", then: [(String, JSONValue?)] = []) {
      self.flow = flow
      self.step = step
      self.then = then
      self.name = name
    }

    var testDescription: String { "\(flow) on \(step)" + (name.isEmpty ? "" : ", \(name)") }
  }

  static let states: [State] =
    FlowFixtures.missingStepIds.map { State("reportMissingPet", $0) }
    + FlowFixtures.foundStepIds.map { State("reportFoundPet", $0) }
    + [
      State(
        "reportMissingPet", "chipNumber", "draft", then: [("flow/update", ["chipNumber": "123"])]),
      State(
        "reportMissingPet", "photo", "errors shown",
        then: [("flow/next", ["photo": ["uri": "x", "mimeType": "text/plain"]])]),
      State(
        "reportMissingPet", "contactDetails", "errors shown",
        then: [("flow/next", ["contactPhone": "12", "contactEmail": "a@"])]),
      State(
        "reportMissingPet", "contactDetails", "one error left",
        then: [
          ("flow/next", ["contactPhone": "12", "contactEmail": "a@"]),
          ("flow/update", ["contactEmail": "a@b.pl"]),
        ]),
      State(
        "reportMissingPet", "summary", "back to step 1",
        then: [("flow/back", nil), ("flow/back", nil), ("flow/back", nil), ("flow/back", nil)]),
      State("reportFoundPet", "photo", "errors shown", then: [("flow/next", nil)]),
      State(
        "reportFoundPet", "petDetails", "errors shown",
        then: [("flow/next", ["animalSpecies": nil, "animalLatitude": 95, "animalAge": 41])]),
      State("reportFoundPet", "contactDetails", "errors shown", then: [("flow/next", nil)]),
      State(
        "reportFoundPet", "petDetails", "inputs that leave no value",
        then: [("flow/next", ["animalLatitude": .number("1e3"), "animalAge": .number("2.5")])]),
      State(
        "reportFoundPet", "contactDetails", "drafts, then back",
        then: [("flow/update", FlowFixtures.completeContact), ("flow/back", nil)]),
      State(
        "reportFoundPet", "contactDetails", "landed back on a failing step",
        then: [
          ("flow/update", FlowFixtures.completeContact), ("today", "2026-11-21"),
          ("flow/next", nil),
        ]),
    ]

  static func reach(_ state: State, _ client: FlowClient) throws -> String {
    let id = try client.flow(
      state.flow, through: FlowFixtures.steps(to: state.step, in: state.flow))
    for (method, values) in state.then {
      if method == "today" {
        try client.initialize(today: values?.stringValue ?? "")
        continue
      }
      var params: JSONValue = ["flowId": .string(id)]
      if let values { params = params.setting("values", values) }
      _ = try client.result(method, params)
    }
    return id
  }

  @Test(arguments: states)
  func exportedStateImportsAsItWas(_ state: State) throws {
    let client = try FlowClient()
    let id = try Self.reach(state, client)
    let before = try client.state(id)
    let imported = try client.importing(try client.export(id))
    #expect(imported["flowId"] != before["flowId"])
    #expect(imported.removing("flowId") == before.removing("flowId"))
  }

  @Test(arguments: states)
  func exportedStateImportsIntoANewDaemon(_ state: State) throws {
    let first = try FlowClient()
    let id = try Self.reach(state, first)
    let before = try first.state(id)
    let exported = try first.export(id)
    let second = try FlowClient(
      today: state.then.contains { $0.0 == "today" } ? "2026-11-21" : "2026-11-22")
    let imported = try second.importing(exported)
    #expect(imported.removing("flowId") == before.removing("flowId"))
  }

  @Test func exportCarriesRejectedInputsOnlyWhenThereAreAny() throws {
    let client = try FlowClient()
    let id = try client.flow("reportFoundPet", through: [FlowFixtures.foundPhoto])
    #expect(try client.export(id)["rejected"] == nil)
    try client.next(id, ["animalSpecies": "dragon", "animalAge": 41, "animalRace": "Husky"])
    #expect(try client.export(id)["rejected"] == ["animalSpecies": "dragon", "animalAge": 41])
  }

  @Test func importedFlowCarriesOnAsTheOriginalWould() throws {
    let client = try FlowClient()
    let id = try client.flow("reportFoundPet", through: FlowFixtures.foundSteps)
    let copy = try #require(try client.importing(try client.export(id))["flowId"]?.stringValue)
    let original = try client.next(id, FlowFixtures.completeContact)
    let restored = try client.next(copy, FlowFixtures.completeContact)
    #expect(restored["payload"] == original["payload"])
    #expect(restored["rev"] == original["rev"])
  }

  @Test func exportNamesTheFlowVersionStepAndShownErrors() throws {
    let client = try FlowClient()
    let id = try client.flow("reportFoundPet", through: [FlowFixtures.foundPhoto])
    try client.next(id, ["animalSpecies": "dog"])
    let snapshot = try client.export(id)
    #expect(snapshot["snapshotFormat"] == 1)
    #expect(snapshot["flowId"] == .string(id))
    #expect(snapshot["flow"] == "reportFoundPet")
    #expect(snapshot["version"] == 1)
    #expect(snapshot["step"] == "petDetails")
    #expect(
      snapshot["errors"]
        == ["disappearanceDate", "animalGender", "animalLatitude", "animalLongitude"])
    #expect(snapshot["values"]?["animalSpecies"] == "dog")
  }

  // MARK: - Tampered snapshots

  /// A snapshot of a found-pet flow on its contact details step.
  static func contactSnapshot(_ client: FlowClient) throws -> JSONValue {
    try client.export(try client.flow("reportFoundPet", through: FlowFixtures.foundSteps))
  }

  static func values(_ snapshot: JSONValue, setting name: String, to value: JSONValue) -> JSONValue
  {
    snapshot.setting("values", (snapshot["values"] ?? [:]).setting(name, value))
  }

  struct Tampering: CustomTestStringConvertible, Sendable {
    let name: String
    let code: Int
    let change: @Sendable (JSONValue) -> JSONValue
    var testDescription: String { name }
  }

  static let tamperings: [Tampering] = [
    Tampering(name: "unknown flow", code: -32012) { $0.setting("flow", "reportLostCat") },
    Tampering(name: "other version", code: -32012) { $0.setting("version", 2) },
    Tampering(name: "unknown field", code: -32014) { values($0, setting: "petAge", to: 3) },
    Tampering(name: "photo with a stranger member", code: -32014) {
      values($0, setting: "photo", to: FlowFixtures.photo.setting("bytes", "AAAA"))
    },
    Tampering(name: "a value as an array", code: -32014) {
      values($0, setting: "petName", to: ["Rex"])
    },
    Tampering(name: "values not an object", code: -32014) { $0.setting("values", []) },
    Tampering(name: "rejected input that is a valid value", code: -32014) {
      $0.setting("rejected", ["email": "a@b.pl"]).setting(
        "values", $0["values"]?.removing("email") ?? [:])
    },
    Tampering(name: "rejected input of another step", code: -32014) {
      $0.setting("rejected", ["animalAge": .number("1.5")])
    },
    Tampering(name: "required value removed", code: -32014) {
      values($0, setting: "animalSpecies", to: nil)
    },
    Tampering(name: "future date", code: -32014) {
      values($0, setting: "disappearanceDate", to: "2026-11-23")
    },
    Tampering(name: "step skipping a failing step", code: -32014) {
      $0.setting("values", ["photo": FlowFixtures.photo])
    },
    Tampering(name: "unknown step", code: -32014) { $0.setting("step", "summary") },
    Tampering(name: "step as a number", code: -32014) { $0.setting("step", 2) },
    Tampering(name: "snapshotFormat 2", code: -32014) { $0.setting("snapshotFormat", 2) },
    Tampering(name: "snapshotFormat as text", code: -32014) { $0.setting("snapshotFormat", "1") },
    Tampering(name: "no snapshotFormat", code: -32014) { $0.removing("snapshotFormat") },
    Tampering(name: "no rev", code: -32014) { $0.removing("rev") },
    Tampering(name: "negative rev", code: -32014) { $0.setting("rev", -1) },
    Tampering(name: "errors not an array", code: -32014) { $0.setting("errors", "phone") },
    Tampering(name: "error of an unknown field", code: -32014) { $0.setting("errors", ["nope"]) },
  ]

  /// Values export never writes: formatted, filtered, cut, or of the wrong type.
  static let nonCanonicalValues: [(String, JSONValue)] = [
    ("chipNumber", "12345-67890-12345"), ("chipNumber", "12a3"),
    ("chipNumber", "12345678901234567890"), ("chipNumber", 123), ("chipNumber", ""),
    ("animalLatitude", "52.2297"), ("animalLatitude", .number("5.22297e1")), ("animalAge", "3"),
    ("animalAge", .number("3.0")), ("animalSpecies", "Dog"), ("animalSpecies", "dragon"),
    ("phone", "+48 123 456 789"), ("email", "finder@example.com "), ("photo", "rex.jpg"),
    ("petName", true), ("disappearanceDate", "20261122"),
  ]

  @Test(arguments: nonCanonicalValues)
  func valueExportCouldNotHaveWrittenIsRefused(field: String, value: JSONValue) throws {
    let client = try FlowClient()
    let snapshot = Self.values(try Self.contactSnapshot(client), setting: field, to: value)
    let error = try client.error("flow/import", ["snapshot": snapshot])
    #expect(error["code"] == -32014)
    #expect(error["data"]?["field"] == .string(field))
  }

  @Test(arguments: tamperings)
  func tamperedSnapshotIsRefused(_ tampering: Tampering) throws {
    let client = try FlowClient()
    let snapshot = tampering.change(try Self.contactSnapshot(client))
    let error = try client.error("flow/import", ["snapshot": snapshot])
    #expect(error["code"]?.intValue == tampering.code)
    if tampering.code == -32014 {
      #expect(error["data"]?["reason"]?.stringValue?.isEmpty == false)
    }
  }

  @Test func refusedSnapshotTakesNoFlowSlot() throws {
    let client = try FlowClient(arguments: ["--max-flows", "2"])
    let snapshot = try Self.contactSnapshot(client).setting("step", "nope")
    _ = try client.error("flow/import", ["snapshot": snapshot])
    #expect(try client.start("reportMissingPet").isEmpty == false)
  }

  @Test(arguments: ["values", "errors"])
  func nullMemberIsReadAsEmpty(member: String) throws {
    let client = try FlowClient()
    let id = try client.start("reportMissingPet")
    let imported = try client.importing(try client.export(id).setting(member, nil))
    #expect(imported["status"] == "active")
  }

  @Test func snapshotThatIsNoObjectIsAParameterError() throws {
    let client = try FlowClient()
    #expect(try client.error("flow/import", ["snapshot": []])["code"] == -32602)
    #expect(try client.error("flow/import", [:])["code"] == -32602)
  }

  @Test func revisionAboveWhatEveryClientReadsExactlyIsRefused() throws {
    let client = try FlowClient()
    for rev in ["9007199254740992", "1e30"] {
      let snapshot = try Self.contactSnapshot(client).setting("rev", .number(rev))
      let error = try client.error("flow/import", ["snapshot": snapshot])
      #expect(error["code"] == -32014)
      #expect(error["data"]?["parameter"] == "snapshot.rev")
    }
  }

  @Test func largestRevisionIsKeptAndStopsGrowing() throws {
    let client = try FlowClient()
    let snapshot = try Self.contactSnapshot(client).setting("rev", .number("9007199254740991"))
    let imported = try client.importing(snapshot)
    #expect(imported["rev"] == .number("9007199254740991"))
    let id = try #require(imported["flowId"]?.stringValue)
    #expect(try client.update(id, ["phone": "123"])["rev"] == .number("9007199254740991"))
  }

  @Test func snapshotTextLongerThanTheTextLimitIsRefused() throws {
    let client = try FlowClient(arguments: ["--max-text-bytes", "24"])
    let snapshot = Self.values(
      try Self.contactSnapshot(client), setting: "petName",
      to: .string(String(repeating: "x", count: 25)))
    #expect(try client.error("flow/import", ["snapshot": snapshot])["code"] == -32004)
  }
}
