// The typed flow session answers in a language its flow file declares, with the file's texts and
// its translation of the kinds' texts, as the JSON methods do; in the file's first language when
// the session's is not declared.
import PetFlowKit
import Testing

@Suite struct FlowSessionLanguagesTests {
  /// A one-step file in `languages`, its texts in each, translating the age kind into German.
  static func flow(languages: String = #"["en", "pl", "de"]"#) throws -> FlowDefinition {
    let text = #"{"en": "Age", "pl": "Wiek", "de": "Alter"}"#
    let file = """
      {"formatVersion": 1, "id": "inGerman", "version": 1, "languages": \(languages),
       "title": \(text),
       "steps": [{"id": "only", "title": \(text),
                  "fields": [{"id": "age", "kind": "age", "label": \(text)}]}],
       "payload": {"age": "age"},
       "translations": {"de": {
         "field.invalid": "Dieser Wert passt nicht zu diesem Feld",
         "hint.age": "In ganzen Jahren", "age.required": "Geben Sie das Alter ein",
         "age.invalid": "Geben Sie das Alter als Anzahl von Jahren ein",
         "age.outOfRange": "Das Alter muss zwischen {min} und {max} liegen",
         "age.notWhole": "Geben Sie das Alter in ganzen Jahren ein"}}}
      """
    let loaded = FlowFile.load(Array(file.utf8), file: "inGerman.json")
    #expect(loaded.problems.map(\.line) == [])
    return try #require(loaded.definition)
  }

  @Test func aDeclaredLanguageAnswersInTheFilesTextsAndTranslations() throws {
    let german = try #require(Language("de"))
    let session = try FlowSession(flow: "inGerman", flows: [Self.flow()], language: german)
    #expect(session.title == "Alter")
    #expect(session.fields.first?.label == "Alter")
    #expect(session.fields.first?.hint == "In ganzen Jahren")
    let problem = try session.validate(["age": .text("40.5")])["age"]
    #expect(problem?.code == "age.notWhole")
    #expect(problem?.message == "Geben Sie das Alter in ganzen Jahren ein")
  }

  @Test func aLanguageTheFileDoesNotDeclareAnswersInItsFirst() throws {
    let flow = try Self.flow(languages: #"["de", "en", "pl"]"#)
    let session = try FlowSession(
      flow: "inGerman", flows: [flow], language: try #require(Language("fr")))
    #expect(session.answerLanguage == Language("de"))
    #expect(session.fields.first?.hint == "In ganzen Jahren")
  }
}
