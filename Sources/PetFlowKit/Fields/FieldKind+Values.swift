/// The value entry points for flows: normalize an input, validate a stored value, display a value.
extension FieldKind {
  /// The canonical value of `input`, the text a control shows for it, whether it was cut, and the
  /// validation error (required-ness included).
  public func normalize(
    _ input: FieldInput, options: FieldOptions, context: FieldContext
  ) -> (value: FieldValue?, display: String, truncated: Bool, error: FieldError?) {
    let reading = reading(input, options: options)
    return (
      reading.value, reading.display, reading.truncated,
      error(of: reading, options: options, context: context)
    )
  }

  /// The kind's validation of a stored value. A value the kind could not have produced (wrong
  /// case, unformatted, over its limits) is `field.invalid`; an empty string counts as empty.
  public func validate(
    _ value: FieldValue?, options: FieldOptions, context: FieldContext
  ) -> FieldError? {
    guard let value, value != .string("") else {
      return FieldRules.check(self, nil, options: options, context: context)
    }
    let reading = reading(Self.input(for: value), options: options)
    guard reading.value == value, !reading.truncated else { return FieldError(.fieldInvalid) }
    return error(of: reading, options: options, context: context)
  }

  /// `validate` for a value this kind's `normalize` produced, which is all a flow stores.
  /// Normalizing is idempotent, so such a value reads back as itself and only the kind's rules
  /// are left to judge it: a flow need not run the formatter again to check what it just stored
  /// (ValuePropertyTests compares the two on seeded random inputs of every kind).
  package func validate(
    normalized value: FieldValue?, options: FieldOptions, context: FieldContext
  ) -> FieldError? {
    FieldRules.check(self, value, options: options, context: context)
  }

  /// The text a control shows for a stored value: `12345-67890-12345` for chip digits.
  public func display(of value: FieldValue) -> String {
    // Mask text shows as its layout, built here without the value or reading around it: a flow
    // snapshot displays every stored value on every call.
    if case .string(let text) = value, case .mask(let rules) = editing(FieldOptions()) {
      return MaskEditor.display(text, rules: rules)
    }
    return reading(Self.input(for: value), options: FieldOptions()).display
  }

  private static func input(for value: FieldValue) -> FieldInput {
    switch value {
    case .string(let text): return .text(text)
    case .integer(let number): return .number(String(number))
    case .decimal(let number): return .number(number)
    case .photo(let photo): return .photo(photo)
    }
  }
}
