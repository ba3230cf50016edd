/// How each kind reads its content into a canonical value: typed mask units and free text, and
/// whole values, which are judged as given.
extension FieldKind {
  /// The value of formatted mask units; `layout` is their display. Mask units never have an
  /// issue of their own: the kind's rules alone judge the value.
  func value(units: MaskUnits, layout: MaskLayout) -> FieldValue? {
    guard !units.isEmpty else { return nil }
    switch self {
    case .phone:
      // A lone `+` is no number yet.
      return units.count == 1 && units.first == UInt8(ascii: "+") ? nil : .string(units.text)
    case .age:
      return units.asciiNumber.map(FieldValue.integer)
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

  /// The value of free text: itself (absent when only whitespace), trimmed for email, the option
  /// id for species and gender.
  func reading(freeText text: String) -> FieldReading {
    // Each case builds its reading whole: mutating one and returning it cost a copy.
    switch self {
    case .email:
      let trimmed = String(Whitespace.trimmed(text))
      return FieldReading(value: trimmed.isEmpty ? nil : .string(trimmed), display: trimmed)
    case .species, .gender:
      let options = self == .gender ? FieldOption.genders : FieldOption.species
      // Shown as its id, as a stored choice is (`display(of:)`): "Pies" and " dog " are "dog".
      if let option = FieldOption.matching(text, in: options) {
        return FieldReading(value: .string(option.id), display: option.id)
      }
      let issue = Whitespace.trimmed(text).isEmpty ? nil : FieldRules.unknownOption(self)
      return FieldReading(value: nil, display: text, issue: issue)
    default:
      let isBlank = Whitespace.trimmed(text).isEmpty
      return FieldReading(value: isBlank ? nil : .string(text), display: text)
    }
  }

  /// A whole value as given (field/validate, a flow value, an import), judged: its value, or an
  /// error of its own; never another value. Only free text is cut, to its cap, as the seeds ask,
  /// and a coordinate rounded to six decimals.
  func judge(_ input: FieldInput, options: FieldOptions) -> FieldReading {
    switch (input, editing(options)) {
    case (.null, _):
      return .empty
    case (.text(let text), .mask(let rules)):
      return WholeValue.reading(text: text, as: self, rules: rules)
    case (.text(let text), .freeText) where self == .email:
      // The address is what is left once trimmed; typing caps it, a whole value is judged.
      guard Whitespace.trimmed(text).count <= Self.emailLimit else {
        return .issue(FieldRules.tooLong(self))
      }
      return reading(freeText: text)
    case (.text(let text), .freeText(let cap)):
      let (kept, cut) = FreeTextEditor.limit(text, to: cap)
      var reading = reading(freeText: kept)
      reading.adjusted = cut
      return reading
    case (.number(let parts), .mask):
      return WholeValue.reading(number: parts, as: self)
    case (.photo(let photo), .none):
      return FieldReading(value: .photo(photo), display: photo.fileName ?? "")
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
