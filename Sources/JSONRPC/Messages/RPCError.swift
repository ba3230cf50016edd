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

  // The errors JSON-RPC 2.0 reserves codes for.

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
