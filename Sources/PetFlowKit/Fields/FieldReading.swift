/// What a field's content means: its canonical value, what the control shows for it, and any
/// problem only the content shows (a species not on the list, a number too large to hold).
struct FieldReading {
  var value: FieldValue?
  var display: String
  var truncated = false
  var issue: FieldError?

  static let empty = FieldReading(value: nil, display: "")
  static let wrongType = FieldReading(value: nil, display: "", issue: FieldError(.fieldInvalid))
}
