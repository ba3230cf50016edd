// A flow file's `languages` and `translations` read into the definition: texts, not structure,
// so they leave the digest as it was.
import FlowFiles
@_spi(Engine) import PetFlowCore
import Testing

@Suite struct FlowFileLanguagesTests {
  /// A one-step file with a phone field, in English and Polish, or in German too with `extra`
  /// members (its languages and translations).
  static func file(german: Bool) -> [UInt8] {
    let de = german ? #", "de": "Telefon""# : ""
    let extra =
      german
      ? #"""
      , "languages": ["en", "pl", "de"], "translations": {"de": {
        "field.invalid": "Dieser Wert passt nicht zu diesem Feld",
        "hint.phone": "Zum Beispiel +48 600 100 200",
        "phone.required": "Geben Sie mindestens {min} Ziffern ein",
        "phone.tooShort": "Geben Sie mindestens {min} Ziffern ein",
        "phone.tooLong": "Geben Sie höchstens {max} Ziffern ein",
        "phone.invalid": "Geben Sie nur Ziffern ein"}}
      """# : ""
    return Array(
      """
      {"formatVersion": 1, "id": "phoneOnly", "version": 1,
       "title": {"en": "Phone", "pl": "Telefon"\(de)},
       "steps": [{"id": "only", "title": {"en": "Phone", "pl": "Telefon"\(de)},
        "fields": [{"id": "phone", "kind": "phone", "label": {"en": "Phone", "pl": "Telefon"\(de)}}]}],
       "payload": {"phone": "phone"}\(extra)}
      """.utf8)
  }

  static func definition(german: Bool) throws -> FlowDefinition {
    let loaded = FlowFile.load(file(german: german), file: "f.json")
    #expect(loaded.problems.map(\.line) == [])
    return try #require(loaded.definition)
  }

  @Test func aFileWithoutLanguagesIsInTheShippedOnes() throws {
    #expect(try Self.definition(german: false).languages == Language.shipped)
  }

  @Test func aFilesLanguagesAreItsInOrder() throws {
    #expect(try Self.definition(german: true).languages.map(\.code) == ["en", "pl", "de"])
  }

  @Test func languagesAndTranslationsLeaveTheDigestAsItWas() throws {
    #expect(try Self.definition(german: true).digest == Self.definition(german: false).digest)
  }
}
