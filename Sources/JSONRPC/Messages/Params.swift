/// A request's params, or an object inside them. A method reads its params into a plain
/// struct in one pass over the members, switching on their names:
///
///     try params.forEachMember { name, value throws(ParamError) in
///       switch name {
///       case "text": text = try value.string()
///       default: throw value.unknown
///       }
///     }
///
/// Values are read in place from the parsed message, and every error names its parameter.
public struct Params {
  @usableFromInline let document: JSONDocument
  /// The object's token; nil when the params are absent, which reads as `{}`.
  let token: Int?
  /// Where parameter paths start (the request's params) and the member name holding this
  /// object (nil for the params themselves): tokens, turned into a path only for an error, so
  /// that a `Params` or `ParamValue` is plain integers, copied with no reference counted.
  let pathRoot: Int
  let nameToken: Int?

  /// The params of a request, or another object read as such: its members' paths start here.
  init(document: JSONDocument, token: Int?) {
    self.init(
      document: document, token: token, pathRoot: token ?? JSONDocument.root, nameToken: nil)
  }

  init(document: JSONDocument, token: Int?, pathRoot: Int, nameToken: Int?) {
    self.document = document
    self.token = token
    self.pathRoot = pathRoot
    self.nameToken = nameToken
  }

  /// The prefix of the paths of the object's members: "" for the params, "selection." inside.
  var path: String {
    guard let nameToken else { return "" }
    return document.memberPath(from: pathRoot, to: nameToken) + "."
  }

  /// Calls `body` with each member in order, its name lent for the call. A later duplicate
  /// comes later, so the last one wins, as in `JSON.parse`. Params that are not an object
  /// (by-position params, an array) are an error: every method takes named parameters.
  public func forEachMember(_ body: (JSONName, ParamValue) throws(ParamError) -> Void)
    throws(ParamError)
  {
    guard let token else { return }
    guard document.kind(at: token) == .object else {
      throw ParamError(
        "params must be an object with named members, not \(document.typeName(at: token))")
    }
    try document.forEachMember(of: token) { name, member throws(ParamError) in
      try body(
        name,
        ParamValue(
          document: document, token: member.value, nameToken: member.name, pathRoot: pathRoot))
    }
  }

  /// The error for a member the method requires and the params lack.
  public func missing(_ name: StaticString) -> ParamError { .missing(path + "\(name)") }

  /// `value`, read from the member `name`, or the error for that member missing. Inlinable,
  /// so that it is specialized where it is called, on every request.
  @inlinable
  public func required<Value>(_ value: Value?, _ name: StaticString) throws(ParamError) -> Value {
    guard let value else { throw missing(name) }
    return value
  }

  /// Reads these params with `reader`, a failure as the -32602 answer.
  public func read<Value>(_ reader: (Params) throws(ParamError) -> Value) throws(RPCError) -> Value
  {
    do throws(ParamError) {
      return try reader(self)
    } catch {
      throw RPCError(error)
    }
  }

  /// The one member a method takes (flow/start's `flow`), read with `read`; another member, or
  /// this one missing, is a parameter error.
  public func only<Value>(
    _ name: StaticString, _ read: (ParamValue) throws(ParamError) -> Value?
  ) throws(ParamError) -> Value {
    var value: Value?
    try forEachMember { member, given throws(ParamError) in
      guard name ~= member else { throw given.unknown }
      value = try read(given)
    }
    return try required(value, name)
  }

  /// Refuses any member: the params of a method that takes none.
  public func none() throws(ParamError) {
    try forEachMember { _, value throws(ParamError) in throw value.unknown }
  }
}

/// One parameter's value, read in place from the message, with typed accessors that fail
/// with a `ParamError` naming the parameter (`selection.start`).
public struct ParamValue {
  @usableFromInline let document: JSONDocument
  @usableFromInline let token: Int
  /// The token of the member name this value belongs to (an array's, for its elements).
  let nameToken: Int
  /// Where its path starts: the request's params (see `Params.pathRoot`).
  let pathRoot: Int

  /// The member's dotted path from the params: `selection.start`.
  public var parameter: String { document.memberPath(from: pathRoot, to: nameToken) }
  public var kind: JSONTape.Kind? { document.kind(at: token) }
  public var isNull: Bool { kind == .null }

  /// A string; null counts as missing.
  public func string() throws(ParamError) -> String {
    guard let text = try optionalString() else { throw .missing(parameter) }
    return text
  }

  public func optionalString() throws(ParamError) -> String? {
    switch kind {
    case .null?: return nil
    case .string?: return document.string(at: token)
    default: throw wrongType(expected: "a string")
    }
  }

  public func bool() throws(ParamError) -> Bool? {
    switch kind {
    case .null?: return nil
    case .true?: return true
    case .false?: return false
    default: throw wrongType(expected: "a boolean")
    }
  }

  /// A number's exact text; nil for null. `expected` names what it must be in the type error.
  public func number(expected: String = "a number") throws(ParamError) -> JSONNumber? {
    switch kind {
    case .null?: return nil
    case .number?: return document.number(at: token)
    default: throw wrongType(expected: expected)
    }
  }

  /// A non-negative whole number (`7`, `7.0`, `7e0`); nil for null. One too large for `Int`
  /// is `Int.max`, so that an offset far past the end clamps to the end like any other.
  public func offset() throws(ParamError) -> Int? {
    try nonNegative { $0.intValue }
  }

  /// `offset()` for a number that is kept or written back (a snapshot's `rev` and `version`, a
  /// `maxLength`): in 64 bits, one too large for `Int64` being `Int64.max`, so that it reads
  /// alike where `Int` is 32 bits.
  public func nonNegativeInteger() throws(ParamError) -> Int64? {
    try nonNegative { $0.int64Value }
  }

  /// A non-negative whole number as `Value`, `whole` reading one that is not plain digits; one
  /// too large for `Value` is `Value.max`.
  @inline(__always)
  private func nonNegative<Value: FixedWidthInteger>(
    _ whole: (JSONNumber) -> Value?
  ) throws(ParamError) -> Value? {
    if let plain = document.plainInteger(at: token) { return Value(clamping: plain) }
    guard let number = try number(expected: "a non-negative integer") else { return nil }
    guard number.isWhole else { throw error("must be a whole number, not \(number.text)") }
    guard !number.isNegative else { throw error("must not be negative") }
    return whole(number) ?? Value.max
  }

  /// The largest integer every JSON client reads exactly (2^53 - 1): the bound on any integer
  /// a client gives petflowd to keep and send back.
  /// `Int64`, so that it and the numbers it bounds are the same where `Int` is 32 bits.
  public static let maxExactInteger: Int64 = 9_007_199_254_740_991

  /// A whole number of either sign within ±`maxExactInteger`; nil for null.
  public func integer() throws(ParamError) -> Int64? {
    if let plain = document.plainInteger(at: token).map(Int64.init), plain <= Self.maxExactInteger {
      return plain
    }
    guard let number = try number(expected: "an integer") else { return nil }
    guard let value = number.int64Value, value.magnitude <= Self.maxExactInteger else {
      throw error("must be a whole number between -(2^53 - 1) and 2^53 - 1")
    }
    return value
  }

  /// A nested object, whose members' paths continue this one's; nil for null.
  public func object() throws(ParamError) -> Params? {
    switch kind {
    case .null?: return nil
    case .object?:
      return Params(document: document, token: token, pathRoot: pathRoot, nameToken: nameToken)
    default: throw wrongType(expected: "an object")
    }
  }

  /// Calls `body` with each element of an array (errors in an element name the array);
  /// `expected` describes the array for the error when the value is something else.
  public func forEachElement(
    expected: String, _ body: (ParamValue) throws(ParamError) -> Void
  ) throws(ParamError) {
    guard kind == .array else { throw wrongType(expected: expected) }
    for element in document.elements(of: token) {
      try body(
        ParamValue(document: document, token: element, nameToken: nameToken, pathRoot: pathRoot))
    }
  }

  /// A string that must name one of `Choice`'s cases by its raw value: missing, of another
  /// type, or not among them is an error listing the choices. Inlinable, so that it is
  /// specialized for each `Choice` where it is called: a field kind is read on every keystroke.
  @inlinable
  public func choice<Choice: CaseIterable & RawRepresentable<String>>(
    of _: Choice.Type, _ what: String
  ) throws(ParamError) -> Choice {
    switch kind {
    case .string?:
      // The string's bytes found once, then compared with each case's raw value, lengths
      // first: a field kind read so costs 300 instructions less than `isString` per case, and
      // 430 less than one `String` and `init(rawValue:)` (the runtime's string switch).
      let choices = Array(Choice.allCases)
      if let offset = document.firstMatch(
        at: token, among: choices.count, { name, offset in name == choices[offset].rawValue })
      {
        return choices[offset]
      }
      let known = Choice.allCases.map { $0.rawValue }.joined(separator: ", ")
      throw ParamError(
        "unknown \(what) '\(try string())'; expected one of \(known)", parameter: parameter)
    case .null?: throw .missing(parameter)
    default: throw wrongType(expected: "a string")
    }
  }

  /// The error for a member the method does not take.
  public var unknown: ParamError {
    ParamError("unknown parameter '\(parameter)'", parameter: parameter)
  }

  public func wrongType(expected: String) -> ParamError {
    error("must be \(expected), not \(document.typeName(at: token))")
  }

  /// The error naming this parameter: `'selection.start' must not be negative`.
  private func error(_ problem: String) -> ParamError {
    ParamError("'\(parameter)' \(problem)", parameter: parameter)
  }
}

/// A parameter a method cannot take: missing, of the wrong type, unknown, out of range. It
/// becomes the -32602 answer (`RPCError(_:)`); a method that reads something else than params
/// (a flow snapshot) maps it to its own error.
public struct ParamError: Error, Equatable, Sendable {
  /// The parameter's dotted path (`selection.start`); nil when the params as a whole are wrong.
  public let parameter: String?
  /// What is wrong, as a sentence fragment: "missing required parameter 'text'".
  public let problem: String

  public init(_ problem: String, parameter: String? = nil) {
    self.problem = problem
    self.parameter = parameter
  }

  @usableFromInline
  static func missing(_ parameter: String) -> ParamError {
    ParamError("missing required parameter '\(parameter)'", parameter: parameter)
  }
}

extension RPCError {
  /// -32602, naming the parameter in the message and in `data.parameter`.
  public init(_ error: ParamError) {
    self = .invalidParams(error.problem, parameter: error.parameter)
  }
}
