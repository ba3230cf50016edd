import JSONRPC
import PetFlowKit

/// One session's state and its answer to every request: the lifecycle, the negotiated
/// settings, the live flows, and the method table that routes to PetFlowKit.
struct PetFlowServer: RequestHandler {
  let limits: SessionLimits
  let log: Log
  var settings = SessionSettings()
  var flows: FlowStore
  /// After `shutdown`: requests are refused until `exit`.
  var isShutDown = false
  private var calendar = LocalCalendar()
  private(set) var requestedExitStatus: Int32?

  init(limits: SessionLimits, log: Log, flowIdPrefix: String? = nil) {
    self.limits = limits
    self.log = log
    self.flows = FlowStore(maxLive: limits.maxFlows, idPrefix: flowIdPrefix)
  }

  mutating func handle(_ request: Request, result: inout JSONWriter) throws(RPCError) {
    guard let method = Method.allCases.first(where: { request.isMethod($0.rawValue) }) else {
      if request.isNotification {
        log.debug("ignored unknown notification \(request.method)")
        return
      }
      throw .methodNotFound(request.method)
    }
    if method.isNotification {
      // Only the notification ends the session; a request of that name is a client's mistake.
      guard request.isNotification else {
        throw .invalidRequest("\(request.method) is a notification: send it without an id")
      }
      // After shutdown, a clean exit; without it, the client skipped a step: status 1.
      if method == .exit { requestedExitStatus = isShutDown ? 0 : 1 }
      return
    }
    guard !isShutDown else {
      throw .invalidRequest("the server is shut down; only the exit notification is accepted")
    }
    try call(method, request.params, result: &result)
  }

  /// The facts field logic needs: today, the message language, the offset unit.
  mutating func fieldContext() -> FieldContext {
    FieldContext(
      today: settings.fixedToday ?? calendar.today(), locale: settings.locale,
      encoding: settings.encoding)
  }

  /// Refuses a field's text longer than `--max-text-bytes`.
  func checkLength(_ text: String, parameter: String) throws(RPCError) {
    let length = text.utf8.count
    guard length > limits.maxTextBytes else { return }
    throw RPCError(
      code: PetFlowErrorCode.textTooLong,
      message: "'\(parameter)' is \(length) bytes long; the limit is \(limits.maxTextBytes)",
      data: [
        "parameter": .string(parameter), "limit": .int(limits.maxTextBytes), "length": .int(length),
      ])
  }

  /// `checkLength` for each text of field values; `prefix` and the field id name it.
  func checkLengths(_ inputs: FlowParams.FieldInputs, prefix: String) throws(RPCError) {
    for case (let field, .text(let text)) in inputs {
      try checkLength(text, parameter: prefix + field)
    }
  }
}
