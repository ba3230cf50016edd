/// A flow's field judged and told as its flow file says: read by its kind, then by what the file
/// narrows (its `limits`, a text's `maxLength` for a value given whole), its errors in the file's
/// own words where it gives them.
extension FieldDefinition {
  /// A whole value for this field: the kind's reading, refused where the flow narrows the kind.
  /// Free text past `maxLength` is `text.tooLong`: typing stops at the cap, but a value that
  /// arrives whole is judged, never cut (as a whole chip number is).
  public func read(_ input: FieldInput, context: FieldContext) -> FieldReading {
    let reading = kind.read(input, options: options, context: context)
    if reading.adjusted, kind == .text, let cap = options.maxLength {
      return .invalid(FieldError.bounds(.textTooLong, max: cap))
    }
    guard let limits, let value = reading.value,
      let error = limits.error(of: value, context: context)
    else { return reading }
    return .invalid(error)
  }

  /// The error a stored value has today: the kind's (`required`, a date now after today), then
  /// the flow's limits (a bound of `today` moves with the day).
  public func check(_ value: FieldValue?, context: FieldContext) -> FieldError? {
    if let error = kind.check(value, options: options, context: context) { return error }
    guard let limits, let value else { return nil }
    return limits.error(of: value, context: context)
  }

  /// The hint a UI shows: the flow's, else the kind's.
  public func hint(in locale: Locale) -> String {
    hint?.text(in: locale) ?? kind.hint(in: locale)
  }

  /// The message of `error` in `locale`: the flow's own for its code, else the kind's, with the
  /// same params filled in.
  public func message(of error: FieldError, in locale: Locale) -> String {
    guard !messages.isEmpty, let own = messages[error.code] else {
      return error.message(in: locale)
    }
    return error.message(in: locale, template: own)
  }
}
