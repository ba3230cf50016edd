import JSONRPC

/// One session's state and its answer to every request: the lifecycle, the negotiated
/// settings, the live flows, and the method table that routes to PetFlowKit.
struct PetFlowServer: RequestHandler {
  enum Lifecycle {
    case running
    /// After `shutdown`: requests are refused until `exit`.
    case shutDown
  }

  let limits: SessionLimits
  let log: Log
  var settings = SessionSettings()
  var lifecycle = Lifecycle.running
  private(set) var requestedExitStatus: Int32?

  init(limits: SessionLimits, log: Log) {
    self.limits = limits
    self.log = log
  }

  mutating func handle(_ request: Request) throws(RPCError) -> JSONValue {
    switch request.method {
    case "exit":
      // After shutdown, a clean exit; without it, the client skipped a step: status 1.
      requestedExitStatus = lifecycle == .shutDown ? 0 : 1
      return .null
    case "initialized", "$/cancelRequest":
      // Accepted and ignored: every answer is immediate, so there is nothing to cancel.
      return .null
    default:
      break
    }
    guard lifecycle == .running else {
      throw .invalidRequest("the server is shut down; only the exit notification is accepted")
    }
    guard let method = MethodTable.methods[request.method] else {
      if request.isNotification {
        log.debug("ignored unknown notification \(request.method)")
        return .null
      }
      throw .methodNotFound(request.method)
    }
    return try method(&self, request.params)
  }

  /// Marks the session shut down (the `shutdown` request).
  mutating func shutDown() { lifecycle = .shutDown }
}

/// What `initialize` negotiates. Every request works before `initialize`, with these defaults.
struct SessionSettings {
  var positionEncoding = "utf-16"
  var locale = "en"
}
