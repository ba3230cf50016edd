/// Typed, named access to a request's params, with -32602 errors that name the parameter.
///
/// `params` may be absent or an object; by-position params (an array) are refused by the
/// first lookup, since every method here takes named parameters.
public struct Params: Sendable {
  private let value: JSONValue?
  /// The dotted path of this object inside the params, for error messages ("selection.").
  private let path: String

  public init(_ value: JSONValue?, path: String = "") {
    self.value = value
    self.path = path
  }

  /// The raw value of a member, or `nil` when absent (absent params count as `{}`).
  public func value(_ name: String) throws(RPCError) -> JSONValue? {
    switch value {
    case nil: return nil
    case .object(let object)?: return object[name]
    case .array?:
      throw .invalidParams("params must be an object with named members, not an array")
    case let other?:
      throw .invalidParams(
        "\(displayName) must be an object, not \(other.typeName)",
        parameter: path.isEmpty ? nil : String(path.dropLast()))
    }
  }

  /// Whether a member is present (even as `null`).
  public func has(_ name: String) throws(RPCError) -> Bool { try value(name) != nil }

  /// The names present, for refusing unknown ones.
  public func names() throws(RPCError) -> [String] {
    _ = try value("")
    return value?.objectValue?.names ?? []
  }

  public func qualified(_ name: String) -> String { path + name }

  private var displayName: String { path.isEmpty ? "params" : "'\(path.dropLast())'" }

  // MARK: - Typed members

  public func string(_ name: String) throws(RPCError) -> String {
    guard let found = try optionalString(name) else { throw missing(name) }
    return found
  }

  public func optionalString(_ name: String) throws(RPCError) -> String? {
    switch try value(name) {
    case nil, .null?: return nil
    case .string(let string)?: return string
    case let other?: throw wrongType(name, expected: "a string", got: other)
    }
  }

  public func bool(_ name: String) throws(RPCError) -> Bool? {
    switch try value(name) {
    case nil, .null?: return nil
    case .bool(let flag)?: return flag
    case let other?: throw wrongType(name, expected: "a boolean", got: other)
    }
  }

  /// A non-negative whole number. Values too large for `Int` answer `Int.max`, so that an
  /// offset far past the end clamps to the end like any other.
  public func offset(_ name: String) throws(RPCError) -> Int? {
    switch try value(name) {
    case nil, .null?: return nil
    case .number(let number)?:
      guard number.isWhole else {
        throw .invalidParams(
          "'\(qualified(name))' must be a whole number, not \(number.text)",
          parameter: qualified(name))
      }
      guard !number.isNegative else {
        throw .invalidParams(
          "'\(qualified(name))' must not be negative", parameter: qualified(name))
      }
      return number.intValue ?? Int.max
    case let other?: throw wrongType(name, expected: "a non-negative integer", got: other)
    }
  }

  public func requiredOffset(_ name: String) throws(RPCError) -> Int {
    guard let found = try offset(name) else { throw missing(name) }
    return found
  }

  /// A nested object as `Params`, so its members' errors carry the full path.
  public func object(_ name: String) throws(RPCError) -> Params? {
    switch try value(name) {
    case nil, .null?: return nil
    case .object(let object)?: return Params(.object(object), path: qualified(name) + ".")
    case let other?: throw wrongType(name, expected: "an object", got: other)
    }
  }

  public func requiredObject(_ name: String) throws(RPCError) -> Params {
    guard let found = try object(name) else { throw missing(name) }
    return found
  }

  // MARK: - Errors

  public func missing(_ name: String) -> RPCError {
    .invalidParams("missing required parameter '\(qualified(name))'", parameter: qualified(name))
  }

  public func wrongType(_ name: String, expected: String, got: JSONValue) -> RPCError {
    .invalidParams(
      "'\(qualified(name))' must be \(expected), not \(got.typeName)", parameter: qualified(name))
  }

  /// Refuses members other than `allowed`, naming the first stranger (catches typos such
  /// as `carret` that would otherwise be silently ignored).
  public func rejectUnknown(allowing allowed: Set<String>) throws(RPCError) {
    for name in try names() where !allowed.contains(name) {
      throw .invalidParams("unknown parameter '\(qualified(name))'", parameter: qualified(name))
    }
  }
}
