import JSONRPC

/// Every method the server knows, by name. Each takes the session and the request's params,
/// and answers a result or throws a protocol error.
enum MethodTable {
  enum Method: Sendable {
    /// Writes its result straight into the answer: the keystroke methods and flow
    /// snapshots, where building a tree first would cost more than the work itself.
    case writing(@Sendable (inout PetFlowServer, Params, inout JSONWriter) throws(RPCError) -> Void)
    /// Answers a tree, which is written for it: the rest.
    case value(@Sendable (inout PetFlowServer, Params) throws(RPCError) -> JSONValue)
    /// The `exit` notification.
    case exit
    /// Notifications accepted and ignored (`initialized`, `$/cancelRequest`).
    case ignored
  }

  /// Matched against a request's method name as bytes, in order; the keystroke methods
  /// come first.
  static let entries: [(name: StaticString, method: Method)] = [
    ("field/format", .writing(FieldMethods.format)),
    ("field/edit", .writing(FieldMethods.edit)),
    ("field/validate", .value(FieldMethods.validate)),
    ("field/list", .value(FieldMethods.list)),
    ("flow/next", .writing(FlowMethods.next)),
    ("flow/update", .writing(FlowMethods.update)),
    ("flow/validate", .value(FlowMethods.validate)),
    ("flow/back", .writing(FlowMethods.back)),
    ("flow/state", .writing(FlowMethods.state)),
    ("flow/start", .writing(FlowMethods.start)),
    ("flow/cancel", .writing(FlowMethods.cancel)),
    ("flow/export", .value(FlowMethods.export)),
    ("flow/import", .writing(FlowMethods.import)),
    ("flow/list", .writing(FlowMethods.list)),
    ("initialize", .value(LifecycleMethods.initialize)),
    ("shutdown", .value(LifecycleMethods.shutdown)),
    ("exit", .exit),
    ("initialized", .ignored),
    ("$/cancelRequest", .ignored),
  ]

  static let names: [StaticString] = entries.map(\.name)

  /// The request methods, sorted, as `initialize` lists them.
  static let listed: [String] = entries.compactMap { entry in
    switch entry.method {
    case .writing, .value: return "\(entry.name)"
    case .exit, .ignored: return nil
    }
  }.sorted()
}
