/// The keystroke entry points: `format` for post-edit text and `edit` for a pre-edit state and
/// an edit. Each answer's value and error are the kind's reading of the text it shows, the same
/// reading a whole value gets, so typing, pasting, formatting and validating agree.
extension FieldKind {
  /// field/format: `text` is the control's content after the user's edit; the caret stays after
  /// the same significant characters it followed.
  public func format(
    _ text: String, selection: FieldSelection, options: FieldOptions, context: FieldContext
  ) -> FieldResult {
    switch declaration.editing {
    case .digitMask(let mask):
      let outcome = MaskEditor.format(
        text, selection: selection, mask: mask, encoding: context.encoding)
      return result(outcome, options: options)
    case .kept(let grammar):
      let outcome = KeptTextEditor.format(
        text, selection: selection, grammar: grammar, encoding: context.encoding)
      return result(outcome, grammar: grammar, options: options, context: context)
    case .freeText(let grammar):
      let outcome = FreeTextEditor.format(
        text, selection: selection, cap: grammar.cap(options), encoding: context.encoding)
      return result(outcome, grammar: grammar, options: options)
    case .none:
      return FieldResult(text: "", selection: .caret(0), reading: required(.empty, options))
    }
  }

  /// field/edit: `text` and `selection` are the control's state before `edit`.
  public func edit(
    _ text: String, selection: FieldSelection, edit: FieldEdit, options: FieldOptions,
    context: FieldContext
  ) -> FieldResult {
    switch declaration.editing {
    case .digitMask(let mask):
      let outcome = MaskEditor.edit(
        text, selection: selection, edit: edit, mask: mask, encoding: context.encoding)
      return result(outcome, options: options)
    case .kept(let grammar):
      let outcome = KeptTextEditor.edit(
        text, selection: selection, edit: edit, grammar: grammar, encoding: context.encoding)
      return result(outcome, grammar: grammar, options: options, context: context)
    case .freeText(let grammar):
      let outcome = FreeTextEditor.edit(
        text, selection: selection, edit: edit, cap: grammar.cap(options),
        encoding: context.encoding)
      return result(outcome, grammar: grammar, options: options)
    case .none:
      return FieldResult(text: "", selection: .caret(0), reading: required(.empty, options))
    }
  }

  /// A digit mask's value is its digits: any number of them up to the mask is a chip number.
  /// Built in place, the typist's path: no reading is made and copied in between.
  private func result(_ outcome: MaskEditor.Outcome, options: FieldOptions) -> FieldResult {
    let isEmpty = outcome.units.isEmpty
    return FieldResult(
      text: outcome.layout.text, selection: outcome.selection,
      value: isEmpty ? nil : .string(outcome.units.text),
      error: isEmpty && options.required ? declaration.required : nil,
      rejected: outcome.rejected, dropped: outcome.dropped, truncated: outcome.truncated)
  }

  private func result(
    _ outcome: KeptTextEditor.Outcome, grammar: KeptGrammar, options: FieldOptions,
    context: FieldContext
  ) -> FieldResult {
    let reading = grammar.read(outcome.layout.cells, context: context)
    return FieldResult(
      text: outcome.layout.text, selection: outcome.selection, reading: required(reading, options),
      rejected: outcome.rejected)
  }

  private func result(
    _ outcome: FreeTextEditor.Outcome, grammar: FreeTextGrammar, options: FieldOptions
  ) -> FieldResult {
    FieldResult(
      text: outcome.text, selection: outcome.selection,
      reading: required(grammar.read(outcome.text), options), rejected: outcome.rejected,
      truncated: outcome.truncated)
  }

  /// The reading, with the kind's `required` error when it is empty and must not be.
  @inline(__always)
  func required(_ reading: FieldReading, _ options: FieldOptions) -> FieldReading {
    guard options.required, reading.value == nil, reading.error == nil else { return reading }
    return .invalid(declaration.required)
  }
}
