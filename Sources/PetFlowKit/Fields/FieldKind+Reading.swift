/// How each kind reads its content into a canonical value: mask units, free text, JSON numbers.
extension FieldKind {
  /// The reading of formatted mask units; `layout` is their display. It never has an issue of
  /// its own: the kind's rules alone judge the value.
  func reading(units: MaskUnits, layout: MaskLayout) -> FieldReading {
    FieldReading(value: value(units: units, layout: layout), display: layout.text)
  }

  /// The value of formatted mask units; `layout` is their display.
  func value(units: MaskUnits, layout: MaskLayout) -> FieldValue? {
    guard !units.isEmpty else { return nil }
    switch self {
    case .phone:
      // A lone `+` is no number yet.
      return units.count == 1 && units.first == UInt8(ascii: "+") ? nil : .string(units.text)
    case .age:
      return Int(units.text).map(FieldValue.integer)
    case .date:
      // Partial dates keep their partial text, so nothing typed is lost; validation says why it
      // is not a date yet.
      return .string(layout.text)
    case .latitude, .longitude:
      // A lone `-` or `.` is no number yet: empty, as far as `required` is concerned.
      return DecimalText(units: Array(units)).map { .decimal($0.text) }
    default:
      return .string(units.text)
    }
  }

  /// The value of free text: itself, trimmed for email, the option id for species and gender.
  func reading(freeText text: String) -> FieldReading {
    // Each case builds its reading whole: mutating one and returning it cost a copy.
    switch self {
    case .email:
      let trimmed = Whitespace.trimmed(text)
      return FieldReading(value: trimmed.isEmpty ? nil : .string(String(trimmed)), display: text)
    case .species, .gender:
      let options = self == .gender ? FieldOption.genders : FieldOption.species
      if let option = FieldOption.matching(text, in: options) {
        return FieldReading(value: .string(option.id), display: text)
      }
      let issue = Whitespace.trimmed(text).isEmpty ? nil : FieldRules.unknownOption(self)
      return FieldReading(value: nil, display: text, issue: issue)
    default:
      return FieldReading(value: text.isEmpty ? nil : .string(text), display: text)
    }
  }

  /// Reads any input as the control would show it, without a caret.
  func reading(_ input: FieldInput, options: FieldOptions) -> FieldReading {
    switch (input, editing(options)) {
    case (.null, _):
      return .empty
    case (.text(let text), .mask(let rules)):
      let outcome = MaskEditor.format(text, selection: .caret(0), rules: rules, encoding: .utf8)
      var reading = reading(units: outcome.units, layout: outcome.layout)
      reading.truncated = outcome.truncated
      return reading
    case (.text(let text), .freeText(let cap)):
      let (kept, cut) = FreeTextEditor.limit(text, to: cap)
      var reading = reading(freeText: kept)
      reading.truncated = cut
      return reading
    case (.number(let number), .mask):
      return reading(number: number, options: options)
    case (.photo(let photo), .none):
      return FieldReading(value: .photo(photo), display: photo.fileName ?? "")
    default:
      return .wrongType
    }
  }

  /// A JSON number: exact decimals for coordinates, whole years for age, and plain digits for the
  /// digit kinds (a client may send a chip or phone number unquoted).
  private func reading(number: String, options: FieldOptions) -> FieldReading {
    switch self {
    case .latitude, .longitude:
      switch DecimalText.read(
        json: number, maxInteger: MaskSanitizer.coordinateIntegerDigits,
        maxFraction: MaskSanitizer.coordinateFractionDigits)
      {
      case .value(let decimal, let truncated):
        return FieldReading(
          value: .decimal(decimal.text), display: decimal.text, truncated: truncated)
      case .tooLarge:
        return FieldReading(value: nil, display: "", issue: FieldRules.outOfRange(self))
      case nil:
        return .wrongType
      }
    case .age:
      switch DecimalText.read(json: number, maxInteger: 6, maxFraction: 0) {
      case .value(let decimal, truncated: false):
        guard let years = decimal.wholeValue else { return .wrongType }
        return FieldReading(value: .integer(years), display: String(years))
      case .value(_, truncated: true):
        return FieldReading(value: nil, display: "", issue: FieldError(.ageNotWhole))
      case .tooLarge:
        return FieldReading(value: nil, display: "", issue: FieldRules.outOfRange(self))
      case nil:
        return .wrongType
      }
    case .chipNumber, .phone:
      let isPlainDigits =
        !number.isEmpty
        && number.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
      return isPlainDigits ? reading(.text(number), options: options) : .wrongType
    default:
      return .wrongType
    }
  }

  /// The error to show for a reading: its own issue first, else the kind's rules.
  func error(of reading: FieldReading, options: FieldOptions, context: FieldContext) -> FieldError?
  {
    // Not `??`: its autoclosure captured a copy of the whole reading.
    if let issue = reading.issue { return issue }
    return FieldRules.check(self, reading.value, options: options, context: context)
  }
}
