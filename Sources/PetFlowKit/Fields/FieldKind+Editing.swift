/// The keystroke entry points, `format` for post-edit text and `edit` for a pre-edit state and an
/// edit, and how each kind reads content into its canonical value: typed mask units and free
/// text as typed, whole values judged as given.
extension FieldKind {
  /// field/format: `text` is the control's content after the user's edit; the caret stays after
  /// the same significant characters it followed.
  public func format(
    _ text: String, selection: FieldSelection, options: FieldOptions, context: FieldContext
  ) -> FieldResult {
    switch editing(options) {
    case .mask(let rules):
      let outcome = MaskEditor.format(
        text, selection: selection, rules: rules, encoding: context.encoding)
      return result(outcome, options: options, context: context)
    case .freeText(let cap):
      let outcome = FreeTextEditor.format(
        text, selection: selection, cap: cap, encoding: context.encoding)
      return result(outcome, options: options, context: context)
    case .none:
      return FieldResult(text: "", selection: .caret(0), value: nil, error: nil)
    }
  }

  /// field/edit: `text` and `selection` are the control's state before `edit`.
  public func edit(
    _ text: String, selection: FieldSelection, edit: FieldEdit, options: FieldOptions,
    context: FieldContext
  ) -> FieldResult {
    switch editing(options) {
    case .mask(let rules):
      let outcome = MaskEditor.edit(
        text, selection: selection, edit: edit, rules: rules, encoding: context.encoding)
      return result(outcome, options: options, context: context)
    case .freeText(let cap):
      let outcome = FreeTextEditor.edit(
        text, selection: selection, edit: edit, cap: cap, encoding: context.encoding)
      return result(outcome, options: options, context: context)
    case .none:
      return FieldResult(text: "", selection: .caret(0), value: nil, error: nil)
    }
  }

  private func result(
    _ outcome: MaskEditor.Outcome, options: FieldOptions, context: FieldContext
  ) -> FieldResult {
    let value = value(units: outcome.units, layout: outcome.layout)
    let error = FieldRules.check(self, value, options: options, context: context)
    return FieldResult(
      text: outcome.layout.text, selection: outcome.selection, value: value, error: error,
      rejected: outcome.rejected, dropped: outcome.dropped, truncated: outcome.truncated)
  }

  private func result(
    _ outcome: FreeTextEditor.Outcome, options: FieldOptions, context: FieldContext
  ) -> FieldResult {
    let reading = reading(freeText: outcome.text, options: options)
    return FieldResult(
      text: outcome.text, selection: outcome.selection, value: reading.value,
      error: error(of: reading, options: options, context: context),
      rejected: outcome.rejected, truncated: outcome.truncated)
  }
}

// MARK: - Reading: typed mask units, free text and whole values into canonical values

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
  /// id for species and gender, and for a choice the id of one of its options.
  func reading(freeText text: String, options fieldOptions: FieldOptions) -> FieldReading {
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
      let issue =
        Whitespace.trimmed(text).isEmpty ? nil : FieldRules.unknownOption(self, fieldOptions)
      return FieldReading(value: nil, display: text, issue: issue)
    case .choice:
      // Judged by id alone (labels are the flow's, and may change): " yes " is "yes".
      let id = Whitespace.trimmed(text)
      guard !id.isEmpty else { return FieldReading(value: nil, display: text) }
      guard fieldOptions.choices.contains(where: { $0.id == id }) else {
        return FieldReading(
          value: nil, display: text, issue: FieldRules.unknownOption(self, fieldOptions))
      }
      return FieldReading(value: .string(String(id)), display: String(id))
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
      return reading(freeText: text, options: options)
    case (.text(let text), .freeText(let cap)):
      let (kept, cut) = FreeTextEditor.limit(text, to: cap)
      var reading = reading(freeText: kept, options: options)
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
