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
  let document: JSONDocument
  /// The object's token; nil when the params are absent, which reads as `{}`.
  let token: Int?
  /// The object's place in the params: the path of the object holding it and the token of its
  /// member name, nil for the params themselves. Kept as parts and joined only for an error,
  /// so opening `selection` costs no string.
  var holder = ParamHolder()

  /// The prefix of the members' paths: "" or "selection.".
  var path: String { holder.path(in: document) }

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
    try document.forEachMember(of: token) { name, value throws(ParamError) in
      // A member's name token comes just before its value's.
      try body(
        name, ParamValue(document: document, token: value, nameToken: value - 1, holder: holder))
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
  /// this one missing, is the -32602 answer.
  public func only<Value>(
    _ name: StaticString, _ read: (ParamValue) throws(ParamError) -> Value?
  ) throws(RPCError) -> Value {
    try self.read { params throws(ParamError) in
      var value: Value?
      try params.forEachMember { member, given throws(ParamError) in
        guard name ~= member else { throw given.unknown }
        value = try read(given)
      }
      return try params.required(value, name)
    }
  }

  /// For a method that takes no params (`shutdown`): any member is the -32602 answer.
  public func none() throws(RPCError) {
    try read { params throws(ParamError) in
      try params.forEachMember { _, value throws(ParamError) in throw value.unknown }
    }
  }
}

/// Where an object sits in the params, as parts: the path of the object that holds it (`""`
/// at the top, built only below two levels) and the token of its member name.
struct ParamHolder {
  var enclosingPath = ""
  var nameToken: Int?

  /// The prefix of the paths of the object's members: "" for the params, "selection." inside.
  func path(in document: JSONDocument) -> String {
    guard let nameToken else { return enclosingPath }
    return enclosingPath + (document.string(at: nameToken) ?? "") + "."
  }
}
