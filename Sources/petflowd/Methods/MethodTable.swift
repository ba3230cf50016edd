import JSONRPC

/// Every method the server offers, by name. Each takes the session and the request's
/// params, and answers a result or throws a protocol error.
enum MethodTable {
  enum Method: Sendable {
    /// Writes its result straight into the answer: the keystroke methods, where building a
    /// tree first would cost more than the work itself.
    case writing(@Sendable (inout PetFlowServer, Params, inout JSONWriter) throws(RPCError) -> Void)
    /// Answers a tree, which is written for it: the rest.
    case value(@Sendable (inout PetFlowServer, Params) throws(RPCError) -> JSONValue)
  }

  static let methods: [String: Method] = [
    "initialize": .value(LifecycleMethods.initialize),
    "shutdown": .value(LifecycleMethods.shutdown),
    "field/format": .writing(FieldMethods.format),
    "field/edit": .writing(FieldMethods.edit),
    "field/validate": .value(FieldMethods.validate),
    "field/list": .value(FieldMethods.list),
    "flow/list": .value(FlowMethods.list),
    "flow/start": .value(FlowMethods.start),
    "flow/state": .value(FlowMethods.state),
    "flow/update": .value(FlowMethods.update),
    "flow/next": .value(FlowMethods.next),
    "flow/back": .value(FlowMethods.back),
    "flow/cancel": .value(FlowMethods.cancel),
    "flow/validate": .value(FlowMethods.validate),
    "flow/export": .value(FlowMethods.export),
    "flow/import": .value(FlowMethods.import),
  ]

  /// The method names, sorted, as `initialize` lists them.
  static let names: [String] = methods.keys.sorted()
}
