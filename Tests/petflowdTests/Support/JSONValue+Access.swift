// Member access on JSON values, so assertions read like the protocol.
import JSONRPC

extension JSONValue {
  subscript(_ name: String) -> JSONValue? {
    objectValue?[name]
  }

  subscript(_ index: Int) -> JSONValue? {
    guard case .array(let items) = self, items.indices.contains(index) else { return nil }
    return items[index]
  }

  var arrayValue: [JSONValue]? {
    if case .array(let items) = self { return items }
    return nil
  }

  var intValue: Int? {
    if case .number(let number) = self { return number.intValue }
    return nil
  }

  /// The error code of a response, if it is an error.
  var errorCode: Int? { self["error"]?["code"]?.intValue }

  static func parse(_ text: String) throws -> JSONValue { try JSONReader.parse(Array(text.utf8)) }
}
