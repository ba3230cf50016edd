import JSONRPC
@_spi(Engine) import PetFlowCore
import Testing

extension FieldInput {
  /// A number as a client sends it, from its JSON text (`"1e2"`); JSON's own reading of it,
  /// as the daemon does, so these tests judge what a client's number really arrives as.
  /// Text that is no JSON number is no number a client can send: a test that gives one fails.
  static func number(_ json: String) -> FieldInput {
    guard let parts = JSONNumber(text: json)?.parts else {
      Issue.record("\(json) is not a JSON number")
      return .null
    }
    return .number(
      NumberParts(
        negative: parts.isNegative, integer: parts.integer, fraction: parts.fraction,
        exponent: parts.exponent))
  }
}
