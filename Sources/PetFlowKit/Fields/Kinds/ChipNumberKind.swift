/// The chip number: 15 digits shown `00000-00000-00000` (FR-007), typed and judged as its
/// `DigitMask` says (the seeds' filter, one of the two exceptions to keeping what is typed).
extension KindDeclaration {
  static let chipNumber = KindDeclaration(
    label: LocalizedText(en: "Microchip number", pl: "Numer mikroczipa"),
    hint: LocalizedText(
      en: "Up to \(ChipNumberGrammar.mask.digitLimit) digits",
      pl: "Do \(ChipNumberGrammar.mask.digitLimit) cyfr"),
    keyboard: .numberPad, editing: .digitMask(ChipNumberGrammar.mask),
    required: FieldError(.chipNumberRequired))
}

package enum ChipNumberGrammar {
  package static let mask = DigitMask(
    "00000-00000-00000", invalid: .chipNumberInvalid, tooLong: .chipNumberTooLong)
}
