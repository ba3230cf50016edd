// The shared seed tables' values as a client sends them.
import JSONRPC
import TestSupport
import Testing

extension JSONValue {
  init(_ value: SeedValue) {
    switch value {
    case .null: self = .null
    case .text(let text): self = .string(text)
    case .number(let json):
      // Text that is no JSON number is nothing a client can send: a row that gives one fails.
      guard let number = JSONNumber(text: json) else {
        Issue.record("\(json) is not a JSON number")
        self = .null
        return
      }
      self = .number(number)
    case .bool(let flag): self = .bool(flag)
    case .photo: self = FlowFixtures.photo
    }
  }
}
