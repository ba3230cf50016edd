/// The keystroke entry points: `format` for post-edit text and `edit` for a pre-edit state and
/// an edit. Each answer's value and error are the kind's reading of the text it shows, the same
/// reading a whole value gets, so typing, pasting, formatting and validating agree.
extension FieldKind {
  /// field/format: `text` is the control's content after the user's edit; the caret stays after
  /// the same significant characters it followed.
  @_spi(Engine) public func format(
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
  @_spi(Engine) public func edit(
    _ text: String, selection: FieldSelection, edit: FieldEdit, options: FieldOptions,
    context: FieldContext
  ) -> FieldResult {
    // Only a replace with nothing can be a key; typing (an insert) goes straight on.
    if case .replace(let start, let end, let inserted) = edit, inserted.isEmpty,
      let key = FieldEdit.key(
        replacing: start, end, in: text, selection: selection, encoding: context.encoding)
    {
      return self.edit(text, selection: selection, edit: key, options: options, context: context)
    }
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
        text, selection: selection, edit: edit, grammar: grammar, cap: grammar.cap(options),
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
      reading: required(grammar.read(outcome.text, options: options), options),
      rejected: outcome.rejected,
      truncated: outcome.truncated)
  }

  /// The reading, with the kind's `required` error when it is empty and must not be.
  @inline(__always)
  func required(_ reading: FieldReading, _ options: FieldOptions) -> FieldReading {
    guard options.required, reading.value == nil, reading.error == nil else { return reading }
    return .invalid(declaration.required)
  }
}

/// A selection in a field, as offsets in the context's encoding; a caret is an empty selection.
@_spi(Engine) public struct FieldSelection: Equatable, Sendable {
  /// Where the selection starts.
  public var start: Int
  /// Where it ends; equal to `start` for a caret.
  public var end: Int

  /// A selection from `start` to `end`; either order is read as the same range.
  public init(start: Int, end: Int) {
    self.start = start
    self.end = end
  }

  /// A caret at `offset`: an empty selection.
  public static func caret(_ offset: Int) -> FieldSelection {
    FieldSelection(start: offset, end: offset)
  }

  /// Whether this is a caret.
  public var isEmpty: Bool { start == end }

  /// Start before end and neither negative, so no later step has to care which way it came.
  var ordered: FieldSelection {
    let low = max(0, min(start, end))
    return FieldSelection(start: low, end: max(low, start, end))
  }
}

/// What the user did to a field; the kind of edit is always said, never guessed from a diff.
@_spi(Engine) public enum FieldEdit: Sendable, Equatable {
  /// Typing or paste; replaces the selection.
  case insert(String)
  /// Backspace: deletes the selection, or the character before the caret.
  case deleteBackward
  /// Forward Delete: deletes the selection, or the character after the caret.
  case deleteForward
  /// Replaces `start..<end` (offsets in the context's encoding, into the pre-edit text).
  case replace(start: Int, end: Int, text: String)
}

extension FieldEdit {
  /// A `replace` of `start..<end` with nothing over the one character (grapheme cluster) that
  /// ends at a caret is how iOS's `shouldChangeCharactersIn` and Android's `TextWatcher` report
  /// Backspace, and over the one that starts at it, a forward Delete: read as those keys, it
  /// keeps their caret rules (Backspace after a chip number's hyphen deletes the digit before
  /// it, rather than the hyphen coming back and the caret hopping over it). Nil for any other.
  static func key(
    replacing start: Int, _ end: Int, in text: String, selection: FieldSelection,
    encoding: PositionEncoding
  ) -> FieldEdit? {
    guard start != end, selection.isEmpty else { return nil }
    let offsets = TextOffsets(text, encoding: encoding)
    let range = offsets.boundaries(of: FieldSelection(start: start, end: end))
    guard offsets.boundary(after: range.start) == range.end else { return nil }
    let caret = offsets.boundary(atOrBefore: selection.ordered.start)
    if caret == range.end { return .deleteBackward }
    if caret == range.start { return .deleteForward }
    return nil
  }
}

/// The answer to a keystroke: what the control shows, where the caret goes, what it means.
@_spi(Engine) public struct FieldResult: Sendable, Equatable {
  /// What the control shows now: set it as the control's text.
  public var text: String
  /// In the context's encoding, into `text`; a caret is an empty selection.
  public var selection: FieldSelection
  /// The canonical stored value; nil when empty or when `error` is set.
  public var value: FieldValue?
  /// Why `text` has no value, as the kind reads it, the options' `required` included.
  public var error: FieldError?
  /// The edit was refused: text and selection are the normalised pre-edit state.
  public var rejected = false
  /// The chip number only: a character other than a digit or a separator was left out.
  public var dropped = false
  /// The chip number and capped text only: input was cut for length.
  public var truncated = false

  init(
    text: String, selection: FieldSelection, value: FieldValue?, error: FieldError?,
    rejected: Bool = false, dropped: Bool = false, truncated: Bool = false
  ) {
    self.text = text
    self.selection = selection
    self.value = value
    self.error = error
    self.rejected = rejected
    self.dropped = dropped
    self.truncated = truncated
  }

  init(
    text: String, selection: FieldSelection, reading: FieldReading, rejected: Bool = false,
    dropped: Bool = false, truncated: Bool = false
  ) {
    self.init(
      text: text, selection: selection, value: reading.value, error: reading.error,
      rejected: rejected, dropped: dropped, truncated: truncated)
  }
}
