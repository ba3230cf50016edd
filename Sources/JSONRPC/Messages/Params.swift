/// Typed, named access to a request's params, with -32602 errors that name the parameter.
///
/// Reads straight from the parsed message (`JSONDocument`): member names are compared as
/// bytes and only the values asked for become Swift values. `params` may be absent or an
/// object; by-position params (an array) are refused by the first lookup, since every
/// method here takes named parameters.
///
/// Kept at most 128 bytes: a handler copies its params a few times per request, and
/// bigger structs are copied by a call to `memcpy` rather than by a few moves.
public struct Params: Sendable {
  /// The whole message the params are part of (the request reads its id and method there).
  let document: JSONDocument
  /// The object's token, or -1 when absent (a plain `Int`, half the size of an optional).
  private let objectToken: Int
  /// The dotted path of this object inside the params, for error messages ("selection.").
  private let path: String
  /// Set by `reading(_:)`: where each expected member is, so lookups need no scan. Not an
  /// optional: destroying an optional struct here went through the runtime's generic path.
  private let slots: ParamSlots

  public init(document: JSONDocument, index: Int?, path: String = "") {
    self.init(document: document, objectToken: index ?? -1, path: path, slots: ParamSlots())
  }

  private init(document: JSONDocument, objectToken: Int, path: String, slots: ParamSlots) {
    self.document = document
    self.objectToken = objectToken
    self.path = path
    self.slots = slots
  }

  /// The object's token, or nil when absent.
  private var index: Int? { objectToken < 0 ? nil : objectToken }

  /// Params holding `value` (for tests and for callers that have a tree, not a message).
  public init(_ value: JSONValue?, path: String = "") {
    guard let value else {
      self.init(document: JSONDocument.empty, index: nil, path: path)
      return
    }
    let bytes = ArraySlice(Array(value.jsonText.utf8))
    // A value we wrote ourselves always parses; depth is no concern for our own trees.
    let document = (try? JSONDocument(parsing: bytes, maxDepth: Int.max)) ?? JSONDocument.empty
    self.init(document: document, index: JSONDocument.root, path: path)
  }

  /// The member's token, or nil when absent (absent params count as `{}`).
  @inline(__always)
  private func token(_ name: StaticString) throws(RPCError) -> Int? {
    if let filed = slots.token(for: name) { return filed }
    try requireObject()
    return index.flatMap { document.member(name, of: $0) }
  }

  /// The params of a method that takes `names` (at most eight), read in one pass: every
  /// member is filed under its name, and a member of any other name is -32602 (catching
  /// typos such as `carret` that would otherwise be silently ignored).
  public func reading(_ names: [StaticString]) throws(RPCError) -> Params {
    try requireObject()
    guard names.count <= ParamSlots.capacity else {
      try rejectUnknown(allowing: names)
      return self
    }
    var filled = ParamSlots(names: names)
    if let index, let stranger = document.file(membersOf: index, into: &filled) {
      let name = qualified(document.string(at: stranger) ?? "")
      throw .invalidParams("unknown parameter '\(name)'", parameter: name)
    }
    // Built field by field: copying `self` and then replacing its slots cost two whole
    // copies of the struct and a destroy.
    return Params(document: document, objectToken: objectToken, path: path, slots: filled)
  }

  private func token(named name: String) throws(RPCError) -> Int? {
    try requireObject()
    return index.flatMap { document.member(name, of: $0) }
  }

  /// Refuses params that are there but are not an object.
  @inline(__always)
  private func requireObject() throws(RPCError) {
    guard let index else { return }
    switch document.kind(at: index) {
    case .object?: return
    case .array?:
      throw .invalidParams("params must be an object with named members, not an array")
    default:
      throw .invalidParams(
        "\(displayName) must be an object, not \(typeName(index))",
        parameter: path.isEmpty ? nil : String(path.dropLast()))
    }
  }

  /// The kind of a member's value, or nil when absent.
  public func kind(_ name: StaticString) throws(RPCError) -> JSONTape.Kind? {
    try token(name).flatMap(document.kind(at:))
  }

  /// The raw value of a member as a tree, or `nil` when absent. Takes any name, for
  /// members found by `names()`.
  public func value(_ name: String) throws(RPCError) -> JSONValue? {
    try token(named: name).map(document.value(at:))
  }

  /// Whether a member is present (even as `null`).
  public func has(_ name: StaticString) throws(RPCError) -> Bool { try token(name) != nil }

  /// The distinct member names, in order of their last occurrence.
  public func names() throws(RPCError) -> [String] {
    try requireObject()
    guard let index else { return [] }
    var names: [String] = []
    document.forEachMember(of: index) { name, _ in
      let text = document.string(at: name) ?? ""
      names.removeAll { $0 == text }
      names.append(text)
    }
    return names
  }

  public func qualified(_ name: String) -> String { path + name }

  public func qualified(_ name: StaticString) -> String { path + name.description }

  private var displayName: String { path.isEmpty ? "params" : "'\(path.dropLast())'" }

  // MARK: - Typed members

  public func string(_ name: StaticString) throws(RPCError) -> String {
    guard let found = try optionalString(name) else { throw missing(name) }
    return found
  }

  public func optionalString(_ name: StaticString) throws(RPCError) -> String? {
    guard let member = try token(name) else { return nil }
    switch document.kind(at: member) {
    case .null?: return nil
    case .string?: return document.string(at: member)
    default: throw wrongType(name, expected: "a string", got: member)
    }
  }

  public func bool(_ name: StaticString) throws(RPCError) -> Bool? {
    guard let member = try token(name) else { return nil }
    switch document.kind(at: member) {
    case .null?: return nil
    case .true?: return true
    case .false?: return false
    default: throw wrongType(name, expected: "a boolean", got: member)
    }
  }

  /// A string member that must be one of `choices`: its index there. Missing, of another
  /// type, or not among them is -32602, naming the parameter and listing the choices.
  public func choice(_ name: StaticString, from choices: [StaticString], what: String)
    throws(RPCError)
    -> Int
  {
    guard let member = try token(name), document.kind(at: member) != .null else {
      throw missing(name)
    }
    guard document.kind(at: member) == .string else {
      throw wrongType(name, expected: "a string", got: member)
    }
    if let found = document.match(member, in: choices) { return found }
    let given = document.string(at: member) ?? ""
    let known = choices.map { "\($0)" }.joined(separator: ", ")
    throw .invalidParams(
      "unknown \(what) '\(given)'; expected one of \(known)", parameter: qualified(name))
  }

  /// The number's exact text, for values such as coordinates.
  public func number(_ name: StaticString) throws(RPCError) -> JSONNumber? {
    guard let member = try token(name) else { return nil }
    return document.number(at: member)
  }

  /// A non-negative whole number. Values too large for `Int` answer `Int.max`, so that an
  /// offset far past the end clamps to the end like any other.
  public func offset(_ name: StaticString) throws(RPCError) -> Int? {
    guard let member = try token(name) else { return nil }
    if let plain = document.plainInteger(at: member) { return plain }
    switch document.kind(at: member) {
    case .null?: return nil
    case .number?:
      guard let number = document.number(at: member) else { return nil }
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
    default: throw wrongType(name, expected: "a non-negative integer", got: member)
    }
  }

  /// The largest integer every JSON client reads exactly (2^53 - 1): the bound on any integer
  /// a client gives petflowd to keep and send back.
  public static let maxExactInteger = 9_007_199_254_740_991

  /// A whole number of either sign within ±`maxExactInteger`; anything else is -32602.
  public func integer(_ name: StaticString) throws(RPCError) -> Int? {
    guard let member = try token(name) else { return nil }
    if let plain = document.plainInteger(at: member), plain <= Self.maxExactInteger { return plain }
    switch document.kind(at: member) {
    case .null?: return nil
    case .number?:
      guard let number = document.number(at: member), number.isWhole,
        let value = number.intValue, value.magnitude <= Self.maxExactInteger
      else {
        throw .invalidParams(
          "'\(qualified(name))' must be a whole number between -(2^53 - 1) and 2^53 - 1",
          parameter: qualified(name))
      }
      return value
    default: throw wrongType(name, expected: "an integer", got: member)
    }
  }

  public func requiredOffset(_ name: StaticString) throws(RPCError) -> Int {
    guard let found = try offset(name) else { throw missing(name) }
    return found
  }

  /// A nested object as `Params`, so its members' errors carry the full path.
  public func object(_ name: StaticString) throws(RPCError) -> Params? {
    guard let member = try token(name) else { return nil }
    switch document.kind(at: member) {
    case .null?: return nil
    case .object?: return Params(document: document, index: member, path: qualified(name) + ".")
    default: throw wrongType(name, expected: "an object", got: member)
    }
  }

  public func requiredObject(_ name: StaticString) throws(RPCError) -> Params {
    guard let found = try object(name) else { throw missing(name) }
    return found
  }

  // MARK: - Errors

  public func missing(_ name: StaticString) -> RPCError {
    .invalidParams("missing required parameter '\(qualified(name))'", parameter: qualified(name))
  }

  public func wrongType(_ name: StaticString, expected: String, got: JSONValue) -> RPCError {
    .invalidParams(
      "'\(qualified(name))' must be \(expected), not \(got.typeName)", parameter: qualified(name))
  }

  private func wrongType(_ name: StaticString, expected: String, got member: Int) -> RPCError {
    .invalidParams(
      "'\(qualified(name))' must be \(expected), not \(typeName(member))",
      parameter: qualified(name))
  }

  private func typeName(_ member: Int) -> String {
    switch document.kind(at: member) {
    case .null?, nil: return "null"
    case .true?, .false?: return "a boolean"
    case .number?: return "a number"
    case .string?: return "a string"
    case .array?: return "an array"
    case .object?: return "an object"
    }
  }

  /// Refuses members other than `allowed`, naming the first stranger (catches typos such
  /// as `carret` that would otherwise be silently ignored). One pass, comparing bytes.
  public func rejectUnknown(allowing allowed: [StaticString]) throws(RPCError) {
    try requireObject()
    guard let index else { return }
    if let name = document.firstMemberName(of: index, notIn: allowed) {
      let stranger = qualified(document.string(at: name) ?? "")
      throw .invalidParams("unknown parameter '\(stranger)'", parameter: stranger)
    }
  }
}

extension JSONDocument {
  /// A document with no values, for params that are absent.
  static let empty = JSONDocument(bytes: [], tape: JSONTape())
}
