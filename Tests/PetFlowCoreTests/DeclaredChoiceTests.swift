// The choice kind: one of the options its flow field declares, judged by option id.
@_spi(Engine) import PetFlowCore
import Testing

@Suite struct DeclaredChoiceTests {
  static let stillThere = FieldOptions(
    required: true,
    choices: [
      FieldOption(id: "yes", label: LocalizedText(en: "Yes", pl: "Tak")),
      FieldOption(id: "no", label: LocalizedText(en: "No", pl: "Nie")),
    ])

  @Test(arguments: ["yes", " no ", "no\n"])
  func optionIdIsTheValue(text: String) {
    let judged = FieldKind.choice.read(.text(text), options: Self.stillThere)
    #expect(judged.value == .string(text.trimmingWhitespace))
    #expect(judged.error == nil)
  }

  @Test(arguments: ["Yes", "Tak", "YES", "maybe"])
  func anythingButAnOptionIdIsUnknownAndNamesTheIds(text: String) {
    let judged = FieldKind.choice.read(.text(text), options: Self.stillThere)
    #expect(judged.value == nil)
    #expect(judged.error?.code == "choice.unknown")
    #expect(judged.error?.params == [FieldError.Param("allowed", .strings(["yes", "no"]))])
  }

  @Test func emptyRequiredChoiceIsRequiredInEachLanguage() {
    let error = FieldKind.choice.read(.text("  "), options: Self.stillThere).error
    #expect(error?.code == "choice.required")
    #expect(error?.message(in: .en) == "Please select an option")
    #expect(error?.message(in: .pl) == "Wybierz opcję")
  }

  @Test func unknownChoiceMessageInEachLanguage() {
    let error = FieldKind.choice.read(.text("x"), options: Self.stillThere).error
    #expect(error?.message(in: .en) == "Choose one of the listed options")
    #expect(error?.message(in: .pl) == "Wybierz jedną z podanych opcji")
  }

  /// As for species: a value as a flow stores it is an option id, or not a value of the field.
  @Test func storedOptionIdValidatesAndAnotherIsNotAValue() {
    #expect(FieldKind.choice.validate(.string("no"), options: Self.stillThere) == nil)
    #expect(
      FieldKind.choice.validate(.string("perhaps"), options: Self.stillThere)?.code
        == "field.invalid")
  }

  @Test func typedOptionIdHasItsValue() {
    let result = FieldKind.choice.format("yes|", options: Self.stillThere)
    #expect(result.value == .string("yes"))
    #expect(result.error == nil)
  }

  @Test func onlyChoiceIsDeclaredByAFlow() {
    #expect(FieldKind.allCases.filter(\.isDeclaredByFlow) == [.choice])
  }
}

extension String {
  fileprivate var trimmingWhitespace: String {
    String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
  }
}
