// The built-in flows' generated source keeps what a file narrows and words (a field's limits,
// hint and messages, a step's description, payload constants), so a built-in file may use them.
@_spi(Engine) import FlowFiles
@_spi(Engine) import PetFlowCore
@_spi(Engine) import PetFlowHost
import Testing

@Suite struct FlowSwiftSourceNarrowingTests {
  static let file = BuiltInFlowsTests.repository + "/flows/examples/injuredAnimal.json"

  static func source() throws -> String {
    let loaded = FlowFileSet.load(files: [file])
    let definition = try #require(loaded.definitions.first)
    return FlowSwiftSource.builtInFlows([definition], from: [file])
  }

  @Test func aFieldsLimitsHintAndMessagesAreSetOnIt() throws {
    let source = try Self.source()
    #expect(
      source.contains(
        #"field.limits = FieldLimits(accept: ["image/jpeg", "image/png"], maxBytes: 10000000)"#))
    #expect(
      source.contains(
        #"field.limits = FieldLimits(notBefore: DateBound("2025-01-01"), notAfter: DateBound("today"))"#
      ))
    #expect(source.contains(#"field.hint = LocalizedText(en: "A JPEG or PNG photo, up to 10 MB""#))
    #expect(source.contains(#"field.messages = ["choice.required": LocalizedText("#))
  }

  @Test func aStepsDescriptionIsSetOnIt() throws {
    #expect(
      try Self.source().contains(#"step.description = LocalizedText(en: "Tell us what you saw."#))
  }

  @Test func constantsAreWrittenAsTheyAreRead() throws {
    let source = try Self.source()
    #expect(source.contains(#"PayloadEntry("reportType", constant: .string("injuredAnimal"))"#))
    #expect(source.contains(#"PayloadEntry("wild", constant: .bool(true))"#))
    #expect(source.contains(#"integer: Array("2".utf8), fraction: nil, exponent: nil"#))
  }
}
