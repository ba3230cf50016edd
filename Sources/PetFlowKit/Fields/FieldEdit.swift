/// What the user did to a field; the kind of edit is always said, never guessed from a diff.
public enum FieldEdit: Sendable, Equatable {
  /// Typing or paste; replaces the selection.
  case insert(String)
  case deleteBackward
  case deleteForward
  /// Replaces `start..<end` (offsets in the context's encoding, into the pre-edit text).
  case replace(start: Int, end: Int, text: String)
}
