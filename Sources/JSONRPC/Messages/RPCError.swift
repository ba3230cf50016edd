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

  // The codes JSON-RPC 2.0 reserves.
  public static let parseErrorCode = -32700
  public static let invalidRequestCode = -32600
  public static let methodNotFoundCode = -32601
  public static let invalidParamsCode = -32602
  public static let internalErrorCode = -32603

  public static func parseError(_ detail: String, data: JSONValue? = nil) -> RPCError {
    RPCError(code: parseErrorCode, message: "Parse error: \(detail)", data: data)
  }

  public static func invalidRequest(_ detail: String, data: JSONValue? = nil) -> RPCError {
    RPCError(code: invalidRequestCode, message: "Invalid request: \(detail)", data: data)
  }

  public static func methodNotFound(_ method: String) -> RPCError {
    RPCError(
      code: methodNotFoundCode, message: "Method not found: \(method)",
      data: ["method": .string(method)])
  }

  /// Bad params, naming the parameter (a dotted path such as `selection.start`).
  public static func invalidParams(_ detail: String, parameter: String? = nil) -> RPCError {
    RPCError(
      code: invalidParamsCode, message: "Invalid params: \(detail)",
      data: parameter.map { ["parameter": .string($0)] })
  }

  public static func internalError(_ detail: String) -> RPCError {
    RPCError(code: internalErrorCode, message: "Internal error: \(detail)")
  }
}

extension JSONWriter {
  /// The error object: `{code, message, data?}`.
  public mutating func value(_ error: RPCError) {
    beginObject()
    key("code")
    int(error.code)
    key("message")
    string(error.message)
    if let data = error.data {
      key("data")
      value(data)
    }
    endObject()
  }
}
