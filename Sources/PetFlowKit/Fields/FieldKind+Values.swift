/// The value entry points for flows and field/validate: judge a whole value, check a stored value,
/// display a stored value.
extension FieldKind {
  /// A whole value as given (a flow value, field/validate's text), judged (see `judge`): the
  /// canonical value a flow stores, the text a control shows for it, and the validation error
  /// (required-ness included).
  public func normalize(
    _ input: FieldInput, options: FieldOptions, context: FieldContext
  ) -> (value: FieldValue?, display: String, error: FieldError?) {
    let reading = judge(input, options: options)
    return (reading.value, reading.display, error(of: reading, options: options, context: context))
  }

  /// The value `input` is when it is exactly a value as a flow stores it and `flow/export` writes
  /// it (chip digits, a trimmed address, an option id, a number in its shortest form, text within
  /// its cap); nil for anything else, and for empty.
  package func storedValue(_ input: FieldInput, options: FieldOptions) -> FieldValue? {
    let reading = judge(input, options: options)
    guard reading.issue == nil, !reading.adjusted, let value = reading.value,
      input == Self.input(for: value)
    else { return nil }
    return value
  }

  /// A value as a client says a flow stores it (field/validate's `value`): `field.invalid` unless
  /// it is exactly a stored value of the kind (a chip number of 16 digits or given as a number,
  /// `"abc"` for an age, text over its cap), then the kind's rules. A number keeps the error it
  /// has of its own (`7.5` for an age is `age.notWhole`, `1e9` for a latitude out of range): it
  /// is of the stored type, just not a value the kind allows. Null and `""` are empty.
  public func validate(
    stored input: FieldInput, options: FieldOptions, context: FieldContext
  ) -> FieldError? {
    let reading = judge(input, options: options)
    if let issue = reading.issue {
      guard case .number = input else { return FieldError(.fieldInvalid) }
      return issue
    }
    if let value = reading.value, reading.adjusted || input != Self.input(for: value) {
      return FieldError(.fieldInvalid)
    }
    return FieldRules.check(self, reading.value, options: options, context: context)
  }

  /// The text a control shows for a stored value: `12345-67890-12345` for chip digits. Any
  /// other stored value is already the display of the input that gave it.
  public func display(of value: FieldValue) -> String {
    switch value {
    case .string(let text):
      guard case .mask(let rules) = editing(FieldOptions()) else { return text }
      return MaskEditor.display(text, rules: rules)
    case .integer(let number): return String(number)
    case .decimal(let text): return text
    case .photo(let photo): return photo.fileName ?? ""
    }
  }

  /// A stored value as the input that gives it: what export writes and import reads.
  package static func input(for value: FieldValue) -> FieldInput {
    switch value {
    case .string(let text): return .text(text)
    case .integer(let number): return input(for: .decimal(String(number)))
    case .decimal(let number):
      return NumberParts(decimal: number).map(FieldInput.number) ?? .text(number)
    case .photo(let photo): return .photo(photo)
    }
  }
}
