/// A JSON-RPC error object: a code, a human sentence, and optional details.
public struct RPCError: Error, Equatable, Sendable {
  public let code: Int
  public let message: String
  public let data: JSONValue?

  public init(code: Int, message: String, data: JSONValue? = nil) {
    self.code = code
    self.message = message
    self.data = data
  }

  public static func parseError(_ detail: String, data: JSONValue? = nil) -> RPCError {
    RPCError(code: -32700, message: "Parse error: \(detail)", data: data)
  }

  public static func invalidRequest(_ detail: String) -> RPCError {
    RPCError(code: -32600, message: "Invalid request: \(detail)")
  }

  public static func methodNotFound(_ method: String) -> RPCError {
    RPCError(
      code: -32601, message: "Method not found: \(method)", data: ["method": .string(method)])
  }

  /// Bad params, naming the parameter (a dotted path such as `selection.start`).
  public static func invalidParams(_ detail: String, parameter: String? = nil) -> RPCError {
    RPCError(
      code: -32602, message: "Invalid params: \(detail)",
      data: parameter.map { ["parameter": .string($0)] })
  }
}

extension JSONWriter {
  /// The error object: `{code, message, data?}`.
  public mutating func value(_ error: RPCError) {
    beginObject()
    member("code", error.code)
    member("message", error.message)
    if let data = error.data {
      key("data")
      value(data)
    }
    endObject()
  }
}

/// Server-defined error codes of the transport layer (-32000 to -32099, as JSON-RPC 2.0
/// reserves for implementations). The application defines its own in the same range. None is a
/// code LSP gives a meaning (-32001 UnknownErrorCode, -32002 ServerNotInitialized), so an LSP
/// client never mistakes one for another.
public enum ServerErrorCode {
  /// A message longer than `--max-message-bytes`.
  public static let messageTooLarge = -32005
  /// A batch with more requests than `--max-batch`.
  public static let batchTooLarge = -32006
  /// A header block that cannot be used (no valid Content-Length, a bad line, too long).
  public static let invalidHeader = -32003
}
