/// The answer to a keystroke: what the control shows, where the caret goes, what it means.
public struct FieldResult: Sendable, Equatable {
  public var text: String
  /// In the context's encoding, into `text`; a caret is an empty selection.
  public var selection: FieldSelection
  /// The canonical stored value; nil when empty or when `error` is set.
  public var value: FieldValue?
  /// Why `text` has no value (what the kind's reading of it says), the options' `required`
  /// included.
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
