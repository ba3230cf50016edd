/// A value interpolated into an error message: clients may also read it to build their own text.
public enum ErrorParam: Equatable, Sendable {
  case int(Int)
  case strings([String])

  /// How the value reads inside a message.
  var text: String {
    switch self {
    case .int(let value): return String(value)
    case .strings(let values): return values.joined(separator: ", ")
    }
  }
}
