/// The answer to a keystroke: what the control shows, where the caret goes, what it means.
public struct FieldResult: Sendable, Equatable {
  public var text: String
  /// In the context's encoding, into `text`; a caret is an empty selection.
  public var selection: FieldSelection
  /// The canonical stored value; nil when empty.
  public var value: FieldValue?
  /// The kind's validation of `value` under the options.
  public var error: FieldError?
  /// The edit was refused: text and selection are the normalised pre-edit state.
  public var rejected = false
  /// A character the kind never takes (other than its separators) was left out.
  public var dropped = false
  /// Input was cut for length.
  public var truncated = false
}
