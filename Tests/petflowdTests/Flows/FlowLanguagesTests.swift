// A flow file's languages through the binary (flows/examples/languages/allKinds.json, every kind
// in English, Polish and German): a German session gets the file's German texts and its
// translation of the kinds' hints, options, messages and month names; the field methods, which
// have no flow, answer a German session in English; workspace/didChangeConfiguration changes the
// language of every later answer.
import JSONRPC
import Testing

@Suite struct FlowLanguagesTests {
  static let directory = SightingFixtures.examples + "/languages"

  static func client(locale: String) throws -> FlowClient {
    let client = try FlowClient(arguments: ["--flows", directory])
    try client.initialize(today: "2026-11-22", locale: locale)
    return client
  }

  static func field(_ id: String, of snapshot: JSONValue) -> JSONValue? {
    snapshot["step"]?["fields"]?.arrayValue?.first { $0["id"] == .string(id) }
  }

  static func notify(_ client: FlowClient, locale: String) throws {
    let notification: JSONValue = [
      "jsonrpc": "2.0", "method": "workspace/didChangeConfiguration",
      "params": ["settings": ["locale": .string(locale)]],
    ]
    try client.daemon.send(notification.jsonText + "\n")
  }

  @Test func aGermanSessionGetsTheFilesTextsAndItsTranslationOfTheKinds() throws {
    let client = try Self.client(locale: "de-AT")
    let started = try client.result("flow/start", ["flow": "allKinds"])
    #expect(started["step"]?["title"] == "Das Tier")
    let species = Self.field("species", of: started)
    #expect(species?["label"] == "Tierart")
    #expect(species?["hint"] == "Wählen Sie aus der Liste")
    #expect(species?["options"]?.arrayValue?.first?["label"] == "Hund")
    let chip = Self.field("chip", of: started)
    #expect(chip?["hint"] == "Bis zu 15 Ziffern")
    let id = try #require(started["flowId"]?.stringValue)
    let stayed = try client.next(id, ["age": "1.5"])
    #expect(stayed["errors"]?["species"]?["message"] == "Bitte wählen Sie eine Tierart")
    #expect(stayed["errors"]?["age"]?["code"] == "age.notWhole")
    #expect(stayed["errors"]?["age"]?["message"] == "Geben Sie das Alter in ganzen Jahren ein")
  }

  @Test func aGermanMessageNamesItsMonthAndFillsItsParams() throws {
    let client = try Self.client(locale: "de")
    let id = try client.start("allKinds")
    let located = try client.next(id, ["species": "cat"])
    #expect(Self.field("seenOn", of: located)?["placeholder"] == "JJJJ-MM-TT")
    let validated = try client.validate(id, ["seenOn": "2026-02-30", "latitude": 95])
    #expect(validated["errors"]?["seenOn"]?["message"] == "Der Februar 2026 hat 28 Tage")
    #expect(
      validated["errors"]?["latitude"]?["message"]
        == "Der Breitengrad muss zwischen -90 und 90 liegen")
  }

  @Test func theFieldMethodsAnswerAGermanSessionInEnglish() throws {
    let english = try Self.client(locale: "en").result(
      "field/validate", ["field": "phone", "text": "12"])
    let german = try Self.client(locale: "de").result(
      "field/validate", ["field": "phone", "text": "12"])
    #expect(german["error"]?["message"] == english["error"]?["message"])
    #expect(german["error"]?["message"] != nil)
  }

  @Test func aFlowAnswersALanguageItsFileDoesNotDeclareInItsFirst() throws {
    let client = try Self.client(locale: "fr-CH")
    let started = try client.result("flow/start", ["flow": "allKinds"])
    #expect(started["step"]?["title"] == "The animal")
    // A built-in report, declaring English and Polish, answers German in English.
    let german = try Self.client(locale: "de")
    let report = try german.result("flow/start", ["flow": "reportMissingPet"])
    let english = try FlowClient().result("flow/start", ["flow": "reportMissingPet"])
    #expect(report["step"]?["title"] == english["step"]?["title"])
  }

  @Test func initializeEchoesTheLocalesPrimarySubtag() throws {
    let client = try FlowClient()
    #expect(try client.result("initialize", ["locale": "de-AT"])["locale"] == "de")
    #expect(try client.result("initialize", ["locale": "PL_pl"])["locale"] == "pl")
    #expect(try client.result("initialize", ["locale": "x"])["locale"] == "en")
  }

  @Test func didChangeConfigurationSwitchesTheLanguageOfLaterAnswers() throws {
    let client = try Self.client(locale: "de")
    let id = try client.start("allKinds")
    try Self.notify(client, locale: "pl-PL")
    #expect(try client.state(id)["step"]?["title"] == "Zwierzę")
    let polish = try client.result("field/validate", ["field": "phone", "text": "12"])
    #expect(polish["error"]?["message"] == "Wpisz co najmniej 7 cyfr")
    try Self.notify(client, locale: "de")
    #expect(try client.state(id)["step"]?["title"] == "Das Tier")
    // initialize still changes it too.
    try client.initialize(today: "2026-11-22", locale: "en")
    #expect(try client.state(id)["step"]?["title"] == "The animal")
  }

  @Test func didChangeConfigurationSentAsARequestIsInvalidRequest() throws {
    let client = try Self.client(locale: "de")
    let error = try client.error(
      "workspace/didChangeConfiguration", ["settings": ["locale": "pl"]])
    #expect(error["code"] == -32600)
    let id = try client.start("allKinds")
    #expect(try client.state(id)["step"]?["title"] == "Das Tier")
  }
}
