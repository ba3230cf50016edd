/// Whole values of the mask kinds, judged as given (field/validate's text, a flow value, an
/// import). Unlike typing, which filters, nothing is left out or cut for length: a letter in a
/// chip number, a `+` inside a phone or `1.5` for an age is an error.
enum WholeValue {
  /// The reading of a whole text of a mask kind.
  static func reading(text: String, as kind: FieldKind, rules: MaskRules) -> FieldReading {
    switch kind {
    case .age, .latitude, .longitude:
      guard !Whitespace.trimmed(text).isEmpty else { return .empty }
      guard let parts = NumberParts(written: text) else { return .issue(FieldRules.invalid(kind)) }
      return reading(number: parts, as: kind)
    default:
      return reading(digits: text, as: kind, rules: rules)
    }
  }

  /// The reading of a number given for age, latitude or longitude; `field.invalid` for others.
  static func reading(number parts: NumberParts, as kind: FieldKind) -> FieldReading {
    switch kind {
    case .latitude, .longitude:
      // Decimals past the sixth (about 0.1 m) are rounded, as protocol.md says.
      guard
        let read = DecimalText.read(
          parts, maxInteger: MaskSanitizer.coordinateIntegerDigits,
          maxFraction: MaskSanitizer.coordinateFractionDigits)
      else { return .issue(FieldRules.outOfRange(kind)) }
      let text = read.number.text
      return FieldReading(value: .decimal(text), display: text, adjusted: !read.exact)
    case .age:
      guard let read = DecimalText.read(parts, maxInteger: 9, maxFraction: 0), !read.number.negative
      else { return .issue(FieldRules.outOfRange(kind)) }
      // No decimals are kept, so an exact reading is a whole number.
      guard read.exact, let years = read.number.integer.asciiNumber else {
        return .issue(FieldError(.ageNotWhole))
      }
      return FieldReading(value: .integer(years), display: String(years))
    default:
      return .wrongType
    }
  }

  /// Chip numbers, phones and dates: digits of any script and the kind's separators; for a phone
  /// one `+` before every digit; for a date, separators only between its groups (`2026-11-20`,
  /// `2026/11/20`, never `2026-1-120`).
  private static func reading(digits text: String, as kind: FieldKind, rules: MaskRules)
    -> FieldReading
  {
    let limit = rules.digitLimit
    var units = MaskUnits()
    var digits = 0
    var hasPlus = false
    /// Set by a date separator inside a group; an error once a digit follows it.
    var separatorInsideGroup = false
    var reader = DecimalDigitReader()
    for scalar in text.unicodeScalars {
      switch rules.unit(for: scalar, digits: &reader) {
      case UInt8(ascii: "+")?:
        guard digits == 0, !hasPlus else { return .issue(FieldRules.invalid(kind)) }
        hasPlus = true
        units.append(UInt8(ascii: "+"))
      case let digit?:
        guard !separatorInsideGroup else { return .issue(FieldRules.invalid(kind)) }
        if digits < limit { units.append(digit) }
        digits += 1
      case nil where rules.isSeparator(scalar):
        // A date's groups end after its 4th and 6th digits.
        if kind == .date, digits != 0, digits != 4, digits != 6 { separatorInsideGroup = true }
      case nil:
        return .issue(FieldRules.invalid(kind))
      }
    }
    guard digits <= limit else {
      return .issue(kind == .date ? FieldRules.invalid(kind) : FieldRules.tooLong(kind))
    }
    guard digits > 0 else { return hasPlus ? .issue(FieldRules.invalid(kind)) : .empty }
    let layout = MaskLayout(units: units, rules: rules)
    return FieldReading(value: kind.value(units: units, layout: layout), display: layout.text)
  }
}
