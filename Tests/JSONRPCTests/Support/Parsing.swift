import JSONRPC

/// The reader's verdict on a document that should fail, or `nil` when it parsed.
func parseError(_ bytes: [UInt8], maxDepth: Int = JSONReader.defaultMaxDepth) -> JSONParseError? {
  do throws(JSONParseError) {
    _ = try JSONReader.parse(bytes, maxDepth: maxDepth)
    return nil
  } catch {
    return error
  }
}

func parseError(_ text: String) -> JSONParseError? { parseError(Array(text.utf8)) }

/// Parses `text` as a document; `nil` when it is not JSON.
func parse(_ text: String) -> JSONValue? { try? JSONReader.parse(Array(text.utf8)) }

/// The number a document of one number holds, with its text as written.
func number(_ text: String) -> JSONNumber? {
  guard case .number(let number)? = parse(text) else { return nil }
  return number
}

/// Writes `value` and returns the bytes.
func written(_ value: JSONValue) -> [UInt8] {
  var writer = JSONWriter()
  writer.value(value)
  return Array(writer.bytes)
}

extension JSONValue {
  /// A member of an object, for reading answers (`nil` for a non-object or an absent name).
  subscript(name: String) -> JSONValue? { objectValue?[name] }
}

extension JSONValue {
  /// The elements of an array, or `nil` for any other type.
  var elements: [JSONValue]? {
    if case .array(let elements) = self { return elements }
    return nil
  }
}
