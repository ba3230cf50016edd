/// What a field's content means: its canonical value, what the control shows for it, and any
/// problem only the content shows (a species not on the list, a number too large to hold).
struct FieldReading {
  var value: FieldValue?
  var display: String
  /// The value is the content rounded or cut (a seventh decimal, text past its cap): right for a
  /// flow to store, but not the exact stored form of anything.
  var adjusted = false
  var issue: FieldError?

  static let empty = FieldReading(value: nil, display: "")
  static let wrongType = issue(FieldError(.fieldInvalid))

  /// Content that has no value but an error of its own.
  static func issue(_ error: FieldError?) -> FieldReading {
    FieldReading(value: nil, display: "", issue: error)
  }
}
