// field/list metadata: hints, placeholders, keyboards, limits, choices.
@_spi(Engine) import PetFlowCore
import Testing

@Suite struct FieldKindInfoTests {
  @Test(
    "Placeholder, keyboard and limit of each kind",
    arguments: [
      (FieldKind.chipNumber, "00000-00000-00000", Keyboard.numberPad, 15),
      (.phone, "", .phonePad, 16),
      (.email, "", .emailAddress, 254),
      (.latitude, "", .decimalPad, 10),
      (.longitude, "", .decimalPad, 11),
      (.age, "", .numberPad, 2),
      (.date, "YYYY-MM-DD", .numberPad, 10),
      (.species, "", .default, nil),
      (.text, "", .default, nil),
      (.photo, "", .none, nil),
    ] as [(FieldKind, String, Keyboard, Int?)])
  func info(kind: FieldKind, placeholder: String, keyboard: Keyboard, maxLength: Int?) {
    #expect(kind.placeholder(in: .en) == placeholder)
    #expect(kind.keyboard == keyboard)
    #expect(kind.maxLength == maxLength)
  }

  @Test func onlyMasksHavePlaceholdersSoNoneReadsAsAnAnswer() {
    #expect(FieldKind.allCases.filter { !$0.placeholder(in: .en).isEmpty } == [.chipNumber, .date])
  }

  @Test func theChipNumberLimitAndPlaceholderComeFromItsMask() {
    let mask = "00000-00000-00000"
    #expect(FieldKind.chipNumber.placeholder(in: .pl) == mask)
    #expect(FieldKind.chipNumber.maxLength == mask.count { $0 == "0" })
  }

  @Test func longestValidValuesAreValid() {
    #expect(FieldKind.latitude.read(.text("-89.999999")).error == nil)
    #expect("-89.999999".count == FieldKind.latitude.maxLength)
    #expect(FieldKind.longitude.read(.text("-179.999999")).error == nil)
    #expect("-179.999999".count == FieldKind.longitude.maxLength)
    #expect(FieldKind.phone.read(.text("+123456789012345")).error == nil)
    #expect("+123456789012345".count == FieldKind.phone.maxLength)
    #expect(FieldKind.phone.display(of: .text("+488001234567")).count == FieldKind.phone.maxLength)
    #expect(FieldKind.age.read(.text("40")).error == nil)
    #expect(FieldKind.date.read(.text("2025-11-20")).error == nil)
  }

  @Test(arguments: FieldKind.allCases.filter { $0 != .text })
  func everyKindButTextHasAHintInEachLanguage(kind: FieldKind) {
    #expect(!kind.hint(in: .en).isEmpty)
    #expect(!kind.hint(in: .pl).isEmpty)
  }

  @Test func onlyPhotoIsNotTextEdited() {
    #expect(FieldKind.allCases.filter { !$0.isTextEdited } == [.photo])
  }

  @Test func onlySpeciesAndGenderHaveOptions() {
    #expect(FieldKind.allCases.filter { !$0.options.isEmpty } == [.species, .gender])
  }
}
