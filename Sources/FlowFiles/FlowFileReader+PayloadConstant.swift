import JSONRPC
@_spi(Engine) import PetFlowCore

/// A payload entry that sends a constant beside the answers: `"reportType": {"value":
/// "injuredAnimal"}`, a string, a number (sent as written) or a boolean.
extension FlowFileReader {
  mutating func constant(_ node: Node) -> PayloadConstant? {
    guard
      let members = reading.members(
        of: node, "a payload constant", allowed: ["value"], required: ["value"]),
      let value = members["value"]
    else { return nil }
    switch value.value {
    case .string(let text): return .string(text)
    case .number(let number): return .number(NumberParts(number.parts))
    case .bool(let flag): return .bool(flag)
    case .null, .array, .object:
      reading.report(
        .type, at: value.pointer,
        "a payload constant's 'value' must be a string, a number or a boolean, not \(FileReading.typeName(value.value))"
      )
      return nil
    }
  }
}
