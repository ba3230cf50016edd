// field/list metadata: placeholders, keyboards, limits, choices.
import PetFlowKit
import Testing

@Suite struct FieldKindInfoTests {
  @Test(
    "Placeholder, keyboard and limit of each kind",
    arguments: [
      (FieldKind.chipNumber, "00000-00000-00000", "numberPad", 15),
      (.phone, "+48123456789", "phonePad", 11),
      (.email, "name@example.com", "emailAddress", 254),
      (.latitude, "52.2297", "decimalPad", 11),
      (.longitude, "21.0122", "decimalPad", 11),
      (.age, "0", "numberPad", 3),
      (.date, "YYYY-MM-DD", "numberPad", 8),
      (.species, "", "default", nil),
      (.text, "", "default", nil),
      (.photo, "", "none", nil),
    ] as [(FieldKind, String, String, Int?)])
  func info(kind: FieldKind, placeholder: String, keyboard: String, maxLength: Int?) {
    #expect(kind.info.placeholder(in: .en) == placeholder)
    #expect(kind.info.keyboard == keyboard)
    #expect(kind.info.maxLength == maxLength)
  }

  @Test func onlyPhotoIsNotTextEdited() {
    #expect(FieldKind.allCases.filter { !$0.isTextEdited } == [.photo])
  }

  @Test func onlySpeciesAndGenderHaveOptions() {
    #expect(FieldKind.allCases.filter { !$0.info.options.isEmpty } == [.species, .gender])
  }
}
