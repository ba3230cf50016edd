// A flow's field judged and told as its flow file says: read by its kind, then by what the file
// narrows (its `limits`), its errors in the file's own words where it gives them.

/// What a flow file says of one field beyond its kind, label and options, behind one reference:
/// a field without any (every built-in one) costs a word and a nil check on the flow's path,
/// where the three inline cost a flow pair some hundreds of instructions in copies.
final class FieldExtras: Sendable {
  let hint: LocalizedText?
  let messages: [String: LocalizedText]
  let limits: FieldLimits?

  init(hint: LocalizedText?, messages: [String: LocalizedText], limits: FieldLimits?) {
    self.hint = hint
    self.messages = messages
    self.limits = limits
  }

  /// Extras holding these, or nil when there are none: a field whose file says nothing more of
  /// it carries no reference, as a built-in one.
  static func holding(
    hint: LocalizedText?, messages: [String: LocalizedText], limits: FieldLimits?
  ) -> FieldExtras? {
    guard hint != nil || !messages.isEmpty || limits != nil else { return nil }
    return FieldExtras(hint: hint, messages: messages, limits: limits)
  }
}

extension FieldDefinition {
  /// The flow's own hint, shown instead of the kind's.
  public var hint: LocalizedText? {
    get { extras?.hint }
    set { extras = FieldExtras.holding(hint: newValue, messages: messages, limits: limits) }
  }

  /// The flow's own messages by error code, each replacing the kind's for this field.
  public var messages: [String: LocalizedText] {
    get { extras?.messages ?? [:] }
    set { extras = FieldExtras.holding(hint: hint, messages: newValue, limits: limits) }
  }

  /// What the flow narrows of the kind (FieldLimits.swift); nil for the kind's own limits.
  public var limits: FieldLimits? {
    get { extras?.limits }
    set { extras = FieldExtras.holding(hint: hint, messages: messages, limits: newValue) }
  }

  /// A whole value for this field: the kind's reading, refused where the flow narrows the kind.
  public func read(_ input: FieldInput, context: FieldContext) -> FieldReading {
    Self.narrowed(kind.read(input, options: options, context: context), extras, context: context)
  }

  /// The error a stored value has today: the kind's (`required`, a date now after today), then
  /// the flow's limits (a bound of `today` moves with the day).
  public func check(_ value: FieldValue?, context: FieldContext) -> FieldError? {
    if let error = kind.check(value, options: options, context: context) { return error }
    return extras.flatMap { $0.error(of: value, context: context) }
  }

  /// The kind's `reading` of a value, judged by what the flow narrows.
  static func narrowed(_ reading: FieldReading, _ extras: FieldExtras?, context: FieldContext)
    -> FieldReading
  {
    guard let extras, let value = reading.value,
      let error = extras.error(of: value, context: context)
    else { return reading }
    return .invalid(error)
  }

  /// The hint a UI shows: the flow's, else the kind's.
  public func hint(in language: Language) -> String {
    hint?.text(in: language) ?? kind.hint(in: language)
  }

  /// The message of `error` in `language`: the flow's own for its code, else the kind's, with the
  /// same params filled in.
  public func message(of error: FieldError, in language: Language) -> String {
    Self.message(of: error, in: language, messages: messages)
  }

  /// `message(of:in:)`, from the field's messages read in place.
  /// `texts`, its flow's translation into `language`, words the kind's messages and months.
  package static func message(
    of error: FieldError, in language: Language, messages: [String: LocalizedText],
    texts: [String: String]? = nil
  ) -> String {
    guard !messages.isEmpty, let own = messages[error.code] else {
      return error.message(in: language, texts: texts)
    }
    return error.message(in: language, template: own, texts: texts)
  }
}

extension FieldExtras {
  /// The error the flow's limits find in a value its kind allows.
  func error(of value: FieldValue?, context: FieldContext) -> FieldError? {
    guard let limits, let value else { return nil }
    return limits.error(of: value, context: context)
  }
}

// The flow's path reads a field's kind, options and extras in place: a copy of the whole field
// (its id, texts, options) on every value would cost a flow pair some hundred instructions.
extension FlowDefinition {
  /// The field at `position` reading `input` (`FieldDefinition.read`).
  @inline(__always)
  func read(_ input: FieldInput, at position: Int, context: FieldContext) -> FieldReading {
    let reading = fields[position].kind.read(
      input, options: fields[position].options, context: context)
    guard narrows else { return reading }
    return FieldDefinition.narrowed(reading, fields[position].extras, context: context)
  }

  /// The error of the stored `value` of the field at `position` (`FieldDefinition.check`).
  @inline(__always)
  func check(_ value: FieldValue?, at position: Int, context: FieldContext) -> FieldError? {
    if let error = fields[position].kind.check(
      value, options: fields[position].options, context: context)
    {
      return error
    }
    guard narrows else { return nil }
    return fields[position].extras?.error(of: value, context: context)
  }

  /// A field's own hint in `language`, when its flow file gives one.
  /// (The writer asks only a flow that `hasOwnTexts`.)
  package func ownHint(ofField position: Int, in language: Language) -> String? {
    fields[position].extras?.hint?.text(in: language)
  }
}
