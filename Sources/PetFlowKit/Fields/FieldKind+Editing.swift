/// The keystroke entry points: `format` for post-edit text, `edit` for a pre-edit state and an edit.
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
    let reading = reading(freeText: outcome.text)
    return FieldResult(
      text: outcome.text, selection: outcome.selection, value: reading.value,
      error: error(of: reading, options: options, context: context),
      rejected: outcome.rejected, truncated: outcome.truncated)
  }
}
