/// A JSON document as a value: what the reader produces and the writer consumes.
public enum JSONValue: Equatable, Sendable {
  case null
  case bool(Bool)
  case number(JSONNumber)
  case string(String)
  case array([JSONValue])
  case object(JSONObject)

  public static func int(_ value: Int) -> JSONValue { .number(JSONNumber(value)) }
  public static func int(_ value: Int64) -> JSONValue { .number(JSONNumber(value)) }

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

/// A JSON object: its members in document order. Members are kept as written, duplicates included;
/// lookups answer the last member with a given name (as JavaScript's `JSON.parse` and Python's
/// `json` do). A flat array of pairs is cheaper to build than a dictionary for the small objects of
/// a request.
public struct JSONObject: Equatable, Sendable {
  public var members: [(name: String, value: JSONValue)]

  public init(_ members: [(String, JSONValue)] = []) {
    self.members = members.map { (name: $0.0, value: $0.1) }
  }

  /// The last member's value with this name, or `nil` when absent.
  public subscript(name: String) -> JSONValue? {
    get { members.last { $0.name == name }?.value }
    set {
      guard let newValue else {
        members.removeAll { $0.name == name }
        return
      }
      if let index = members.lastIndex(where: { $0.name == name }) {
        members[index].value = newValue
      } else {
        members.append((name: name, value: newValue))
      }
    }
  }

  /// Appends a member without looking for an earlier one of the same name.
  public mutating func append(_ name: String, _ value: JSONValue) {
    members.append((name: name, value: value))
  }

  /// The distinct member names, in order of their last occurrence.
  public var names: [String] {
    var seen = Set<String>()
    return members.reversed().filter { seen.insert($0.name).inserted }.map { $0.name }.reversed()
  }

  public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
    // Equal when they answer every name alike: member order and shadowed duplicates aside.
    let names = lhs.names
    guard names.count == rhs.names.count else { return false }
    return names.allSatisfy { lhs[$0] == rhs[$0] }
  }
}
