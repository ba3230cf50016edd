@testable import JSONRPC

/// A request handler for dispatcher tests: `echo` answers its params, `nothing` answers
/// null, `fail` throws, anything else is an unknown method. Records every call it gets.
struct RecordingHandler: RequestHandler {
  static let failure = RPCError(code: -32_050, message: "failed on purpose")

  private(set) var calls: [(method: String, isNotification: Bool)] = []
  let requestedExitStatus: Int32? = nil

  var methods: [String] { calls.map(\.method) }

  mutating func handle(_ request: Request, result: inout JSONWriter) throws(RPCError) {
    result.value(try answer(request))
  }

  private mutating func answer(_ request: Request) throws(RPCError) -> JSONValue {
    calls.append((method: request.method, isNotification: request.isNotification))
    switch request.method {
    case "echo":
      return try request.params.read { params throws(ParamError) in
        guard let token = params.token else { return .object(JSONObject()) }
        try params.forEachMember { _, _ throws(ParamError) in }  // refuses by-position params
        return params.document.value(at: token)
      }
    case "nothing": return .null
    case "fail": throw Self.failure
    default: throw .methodNotFound(request.method)
    }
  }
}

/// Dispatches `message` and returns what was written, or `nil` when the dispatcher said it
/// wrote nothing.
func dispatch(
  _ message: String, to handler: inout RecordingHandler, dispatcher: Dispatcher = Dispatcher()
) -> String? {
  var writer = JSONWriter()
  var dispatcher = dispatcher
  let bytes = Array(message.utf8)
  guard dispatcher.dispatch(bytes[...], to: &handler, writer: &writer) else {
    return writer.bytes.isEmpty ? nil : "wrote without saying so"
  }
  return String(decoding: writer.bytes, as: UTF8.self)
}

/// Dispatches `message` to a fresh handler.
func dispatch(_ message: String, dispatcher: Dispatcher = Dispatcher()) -> String? {
  var handler = RecordingHandler()
  return dispatch(message, to: &handler, dispatcher: dispatcher)
}
