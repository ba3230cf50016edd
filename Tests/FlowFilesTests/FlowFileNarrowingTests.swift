// A flow file's texts, limits and constants read into the definition, and the problems of a
// limit or a message that does not fit its kind.
import FlowFiles
@_spi(Engine) import PetFlowCore
import Testing

@Suite struct FlowFileNarrowingTests {
  /// A one-step file whose one field has `members` besides its id, kind and label, and whose
  /// payload sends it and `constants`.
  static func file(
    kind: String, _ members: String = "", step: String = "", constants: String = "",
    next: String = ""
  ) -> [UInt8] {
    let label = #"{"en": "Answer", "pl": "Odpowiedź"}"#
    return Array(
      """
      {"formatVersion": 1, "id": "narrowed", "version": 1,
       "title": {"en": "Narrowed", "pl": "Zawężony"},
       "steps": [
        {"id": "first", "title": {"en": "First", "pl": "Pierwszy"}\(step),
         "fields": [{"id": "answer", "kind": "\(kind)", "label": \(label)\(members)}]\(next)},
        {"id": "second", "title": {"en": "Second", "pl": "Drugi"}, "fields": []},
        {"id": "end", "kind": "summary", "title": {"en": "End", "pl": "Koniec"}}],
       "payload": {"answer": "answer"\(constants)}}
      """.utf8)
  }

  static func load(_ bytes: [UInt8]) -> FlowFile.Loaded { FlowFile.load(bytes, file: "f.json") }

  static func field(_ bytes: [UInt8]) throws -> FieldDefinition {
    let loaded = load(bytes)
    #expect(loaded.problems.map(\.line) == [])
    return try #require(loaded.definition?.fields.first)
  }

  static func rules(_ bytes: [UInt8]) -> [String] { load(bytes).problems.map(\.rule.rawValue) }

  @Test func aPhotosAcceptAndMaxBytesAreItsLimitsInLowerCase() throws {
    let field = try Self.field(
      Self.file(kind: "photo", #", "accept": ["image/JPEG", "image/png"], "maxBytes": 5000"#))
    #expect(field.limits == FieldLimits(accept: ["image/jpeg", "image/png"], maxBytes: 5000))
  }

  @Test func aDatesBoundsAreADayOrToday() throws {
    let field = try Self.field(
      Self.file(kind: "date", #", "notBefore": "2026-01-01", "notAfter": "today""#))
    #expect(field.limits?.notBefore == DateBound("2026-01-01"))
    #expect(field.limits?.notAfter == .today)
  }

  @Test func anAgesYearsAreItsLimits() throws {
    let field = try Self.field(Self.file(kind: "age", #", "min": 1, "max": 20"#))
    #expect(field.limits == FieldLimits(min: 1, max: 20))
  }

  @Test func aFieldWithoutLimitsHasNone() throws {
    #expect(try Self.field(Self.file(kind: "age")).limits == nil)
  }

  @Test func aLimitOnAnotherKindIsAnUnknownOption() {
    #expect(Self.rules(Self.file(kind: "phone", #", "maxBytes": 10"#)) == ["unknown-option"])
  }

  @Test func anAgeBoundBeyondTheKindsYearsWidensIt() {
    #expect(Self.rules(Self.file(kind: "age", #", "min": -1"#)) == ["limit-widens"])
  }

  @Test func aTypeThatIsNoImageWidensAPhoto() {
    #expect(Self.rules(Self.file(kind: "photo", #", "accept": ["image/"]"#)) == ["limit-widens"])
  }

  @Test func aDateBoundThatIsNoDayIsALimitValueProblem() {
    #expect(Self.rules(Self.file(kind: "date", #", "notAfter": "2026-13-01""#)) == ["limit-value"])
  }

  @Test func aHintAndMessagesAreTheFieldsAndADescriptionTheSteps() throws {
    let bytes = Self.file(
      kind: "text",
      #", "hint": {"en": "Briefly", "pl": "Krótko"}, "messages": {"text.required": {"en": "Say it", "pl": "Powiedz"}}"#,
      step: #", "description": {"en": "Guidance", "pl": "Wskazówka"}"#)
    let definition = try #require(Self.load(bytes).definition)
    let field = try #require(definition.fields.first)
    #expect(field.hint == LocalizedText(en: "Briefly", pl: "Krótko"))
    #expect(field.messages == ["text.required": LocalizedText(en: "Say it", pl: "Powiedz")])
    #expect(definition.steps.first?.description == LocalizedText(en: "Guidance", pl: "Wskazówka"))
  }

  @Test func aMessageForAnotherKindsCodeIsUnknownCode() {
    let bytes = Self.file(
      kind: "text", #", "messages": {"phone.tooShort": {"en": "Short", "pl": "Krótki"}}"#)
    #expect(Self.rules(bytes) == ["unknown-code"])
  }

  @Test func constantsAreAStringANumberAsWrittenAndABoolean() throws {
    let bytes = Self.file(
      kind: "text",
      constants:
        #", "type": {"value": "injured"}, "weight": {"value": 1.50}, "wild": {"value": false}"#
    )
    let payload = try #require(Self.load(bytes).definition?.payload)
    #expect(payload.map(\.constant).dropFirst().map { $0 != nil } == [true, true, true])
    #expect(payload[1].constant == .string("injured"))
    guard case .number(let parts) = payload[2].constant else {
      Issue.record("not a number")
      return
    }
    #expect(parts.fraction == Array("50".utf8))
    #expect(payload[3].constant == .bool(false))
  }

  @Test func aConstantOfNullIsATypeProblem() {
    #expect(Self.rules(Self.file(kind: "text", constants: #", "x": {"value": null}"#)) == ["type"])
  }

  @Test func aConditionOnAValueTheFieldsLimitsRefuseIsAConditionValueProblem() {
    let next =
      #", "next": [{"when": {"field": "answer", "equals": 30}, "goto": "end"}, {"goto": "second"}]"#
    #expect(
      Self.rules(Self.file(kind: "age", #", "max": 20"#, next: next)) == ["condition-value"])
  }
}
