/// A JSON document as a value: what the reader produces and the writer consumes.
public enum JSONValue: Equatable, Sendable {
  case null
  case bool(Bool)
  case number(JSONNumber)
  case string(String)
  case array([JSONValue])
  case object(JSONObject)

  public static func int(_ value: Int) -> JSONValue { .number(JSONNumber(value)) }

  /// The string, or `nil` for any other type.
  public var stringValue: String? {
    if case .string(let string) = self { string } else { nil }
  }

  /// The object, or `nil` for any other type.
  public var objectValue: JSONObject? {
    if case .object(let object) = self { object } else { nil }
  }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
  ExpressibleByBooleanLiteral, ExpressibleByNilLiteral, ExpressibleByArrayLiteral,
  ExpressibleByDictionaryLiteral
{
  public init(stringLiteral value: String) { self = .string(value) }
  public init(integerLiteral value: Int) { self = .number(JSONNumber(value)) }
  public init(booleanLiteral value: Bool) { self = .bool(value) }
  public init(nilLiteral: ()) { self = .null }
  public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
  public init(dictionaryLiteral elements: (String, JSONValue)...) {
    self = .object(JSONObject(elements))
  }
}
