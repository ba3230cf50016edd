import JSONRPC

/// Every method the server offers, by name. Each takes the session and the request's
/// params, and answers a result or throws a protocol error.
enum MethodTable {
  typealias Method = @Sendable (inout PetFlowServer, Params) throws(RPCError) -> JSONValue

  static let methods: [String: Method] = [
    "initialize": LifecycleMethods.initialize,
    "shutdown": LifecycleMethods.shutdown,
  ]

  /// The method names, sorted, as `initialize` lists them.
  static let names: [String] = methods.keys.sorted()
}
