/// The age kind: whole years, 0 to 40. Typing drops only whitespace: `1.5` stays `1.5` and is
/// `age.notWhole`, never the 15 its digits would make.
extension KindDeclaration {
  /// The animal's age in whole years, 0 to 40.
  static let age = KindDeclaration(
    label: LocalizedText(en: "Age", pl: "Wiek"),
    hint: LocalizedText(en: "In whole years", pl: "W pełnych latach"),
    keyboard: .numberPad, editing: .kept(.age),
    longestValue: String(AgeGrammar.range.upperBound).count,
    required: FieldError(.ageRequired),
    codes: [.ageRequired, .ageInvalid, .ageOutOfRange, .ageNotWhole], examples: ["3", "12", "0"])
}

/// What an age's text (or number) means.
enum AgeGrammar {
  static let range = 0...40

  /// A number of whole years: leading zeros count for nothing (`0003` is 3), decimals that are
  /// all zeros neither (`3.0` is 3); any other fraction is `age.notWhole`, a negative number
  /// `age.outOfRange`, anything that is no number `age.invalid`.
  static func read(_ cells: KeptCells) -> FieldReading {
    guard !cells.isEmpty else { return .empty }
    guard let number = NumberText(cells, allowingSign: true), number.end == cells.count else {
      return .invalid(FieldError(.ageInvalid))
    }
    return reading(
      negative: number.negative, integer: number.integer(in: cells),
      fraction: number.fraction(in: cells))
  }

  /// An age from its digits, from text or JSON.
  static func reading(
    negative: Bool, integer: some Collection<UInt8>, fraction: some Collection<UInt8>,
    exponent: Int = 0
  ) -> FieldReading {
    let outOfRange = FieldError.bounds(.ageOutOfRange, min: range.lowerBound, max: range.upperBound)
    guard
      let read = DecimalNumber.read(
        negative: negative, integer: integer, fraction: fraction, exponent: exponent,
        maxInteger: 9, maxFraction: 0), !read.number.negative
    else { return .invalid(outOfRange) }
    guard read.exact, let years = read.number.wholeNumber else {
      return .invalid(FieldError(.ageNotWhole))
    }
    guard range.contains(years) else { return .invalid(outOfRange) }
    return FieldReading(value: .integer(years))
  }
}

/// The kind's error codes, each with its message in every shipped language.
extension ErrorCode {
  package static let ageRequired = ErrorCode(
    "age.required", LocalizedText(en: "Enter the age", pl: "Podaj wiek"))
  package static let ageInvalid = ErrorCode(
    "age.invalid",
    LocalizedText(en: "Enter the age as a number of years", pl: "Podaj wiek jako liczbę lat"))
  package static let ageOutOfRange = ErrorCode(
    "age.outOfRange",
    LocalizedText(
      en: "Age must be between {min} and {max}",
      pl: "Wiek musi mieścić się w przedziale od {min} do {max}"))
  package static let ageNotWhole = ErrorCode(
    "age.notWhole",
    LocalizedText(en: "Enter the age in whole years", pl: "Podaj wiek w pełnych latach"))
}
