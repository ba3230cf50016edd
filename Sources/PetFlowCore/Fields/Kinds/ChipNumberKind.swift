/// The chip number: 15 digits shown `00000-00000-00000` (FR-007), typed and judged as its
/// `DigitMask` says (the seeds' filter, one of the two exceptions to keeping what is typed).
extension KindDeclaration {
  /// A microchip number: up to 15 digits, grouped `00000-00000-00000` as they are typed.
  static let chipNumber = KindDeclaration(
    label: LocalizedText(en: "Microchip number", pl: "Numer mikroczipa"),
    hint: LocalizedText(
      en: "Up to \(ChipNumberGrammar.mask.digitLimit) digits",
      pl: "Do \(ChipNumberGrammar.mask.digitLimit) cyfr"),
    keyboard: .numberPad, editing: .digitMask(ChipNumberGrammar.mask),
    required: FieldError(.chipNumberRequired),
    codes: [.chipNumberRequired, .chipNumberInvalid, .chipNumberTooLong],
    examples: ["123456789012345"])
}

package enum ChipNumberGrammar {
  package static let mask = DigitMask(
    "00000-00000-00000", invalid: .chipNumberInvalid, tooLong: .chipNumberTooLong)
}

/// The kind's error codes, each with its message in every shipped language.
extension ErrorCode {
  package static let chipNumberRequired = ErrorCode(
    "chipNumber.required",
    LocalizedText(en: "Enter the microchip number", pl: "Wpisz numer mikroczipa"))
  package static let chipNumberInvalid = ErrorCode(
    "chipNumber.invalid",
    LocalizedText(
      en: "A microchip number has digits only", pl: "Numer mikroczipa składa się tylko z cyfr"))
  package static let chipNumberTooLong = ErrorCode(
    "chipNumber.tooLong",
    LocalizedText(
      en: "A microchip number has at most {max} digits",
      pl: "Numer mikroczipa ma najwyżej {max} cyfr"))
}
