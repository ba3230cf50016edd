// field/edit's `replace` as iOS and Android report Backspace and Delete: with nothing over the
// one character next to the caret, it is the key that does so, with the key's caret rules.
@_spi(Engine) import PetFlowCore
import Testing

@Suite struct ReplaceAsKeyTests {
  @Test func replacingTheHyphenBeforeTheCaretWithNothingIsBackspace() {
    // What iOS reports for Backspace at `12345-|67890`: rule 2, not the hyphen put back.
    let chip = FieldKind.chipNumber
    let replaced = chip.edit("12345-|67890", .replace(start: 5, end: 6, text: ""))
    #expect(replaced.marked == "1234|6-7890")
    #expect(replaced == chip.edit("12345-|67890", .deleteBackward))
  }

  @Test func replacingTheHyphenAfterTheCaretWithNothingIsForwardDelete() {
    let chip = FieldKind.chipNumber
    let replaced = chip.edit("12345|-67890", .replace(start: 5, end: 6, text: ""))
    #expect(replaced.marked == "12345-|7890")
    #expect(replaced == chip.edit("12345|-67890", .deleteForward))
  }

  @Test func aReplaceAwayFromTheCaretStaysARangeRemoved() {
    // A range of only a hyphen removes no digit, and the caret goes where the range began.
    #expect(
      FieldKind.chipNumber.edit("1|2345-67890", .replace(start: 5, end: 6, text: "")).marked
        == "12345|-67890")
  }

  /// Property: for any text and caret, a replace with nothing over the character before the
  /// caret answers as Backspace, over the one after it as forward Delete, in every kind.
  @Test(arguments: FieldKind.allCases.filter(\.isTextEdited))
  func aReplaceOfOneCharacterNextToTheCaretAgreesWithTheKey(kind: FieldKind) {
    var random = RandomField(seed: 67)
    let options = kind == .choice ? DeclaredChoiceTests.stillThere : FieldOptions()
    for _ in 0..<1_000 {
      let encoding = random.encoding()
      let text = random.text()
      let context = session(.en, encoding)
      let clusters = Array(text)
      let index = random.int(0...clusters.count)
      let caret = Marked.length(of: String(clusters.prefix(index)), encoding)
      func edit(_ edit: FieldEdit) -> FieldResult {
        kind.edit(
          text, selection: .caret(caret), edit: edit, options: options, context: context)
      }
      let label = "\(kind) \(text.debugDescription) \(caret) \(encoding)"
      if index > 0 {
        let start = Marked.length(of: String(clusters.prefix(index - 1)), encoding)
        #expect(
          edit(.replace(start: start, end: caret, text: "")) == edit(.deleteBackward), "\(label)")
      }
      if index < clusters.count {
        let end = Marked.length(of: String(clusters.prefix(index + 1)), encoding)
        #expect(
          edit(.replace(start: caret, end: end, text: "")) == edit(.deleteForward), "\(label)")
      }
    }
  }
}
