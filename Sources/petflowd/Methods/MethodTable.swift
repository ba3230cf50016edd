import JSONRPC

/// Every method the server offers, by name. Each takes the session and the request's
/// params, and answers a result or throws a protocol error.
enum MethodTable {
  typealias Method = @Sendable (inout PetFlowServer, Params) throws(RPCError) -> JSONValue

  static let methods: [String: Method] = [
    "initialize": LifecycleMethods.initialize,
    "shutdown": LifecycleMethods.shutdown,
    "field/format": FieldMethods.format,
    "field/edit": FieldMethods.edit,
    "field/validate": FieldMethods.validate,
    "field/list": FieldMethods.list,
    "flow/list": FlowMethods.list,
    "flow/start": FlowMethods.start,
    "flow/state": FlowMethods.state,
    "flow/update": FlowMethods.update,
    "flow/next": FlowMethods.next,
    "flow/back": FlowMethods.back,
    "flow/cancel": FlowMethods.cancel,
    "flow/validate": FlowMethods.validate,
    "flow/export": FlowMethods.export,
    "flow/import": FlowMethods.import,
  ]

  /// The method names, sorted, as `initialize` lists them.
  static let names: [String] = methods.keys.sorted()
}
