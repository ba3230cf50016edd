// A client of the flow methods over one daemon: numbered requests, unwrapped answers.
import JSONRPC
import Testing

/// One petflowd session, initialized with a fixed today (2026-11-22) so dates are stable.
final class FlowClient {
  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  let daemon: DaemonProcess
  private var lastId = 0

  init(arguments: [String] = [], today: String = "2026-11-22") throws {
    daemon = try DaemonProcess(arguments: arguments)
    try initialize(today: today)
  }

  /// `initialize` again, as a UI does when its clock or language changes.
  func initialize(today: String, locale: String = "en") throws {
    _ = try result("initialize", ["today": .string(today), "locale": .string(locale)])
  }

  /// The whole response to one request.
  func response(_ method: String, _ params: JSONValue) throws -> JSONValue {
    lastId += 1
    let request: JSONValue = [
      "jsonrpc": "2.0", "id": .int(lastId), "method": .string(method), "params": params,
    ]
    return try #require(try daemon.exchange([request.jsonText], expecting: 1).first)
  }

  /// The result of a request that must succeed.
  func result(_ method: String, _ params: JSONValue) throws -> JSONValue {
    let response = try response(method, params)
    guard let result = response["result"] else {
      throw Failure(description: "\(method) failed: \(response.jsonText)")
    }
    return result
  }

  /// The error object of a request that must fail.
  func error(_ method: String, _ params: JSONValue) throws -> JSONValue {
    let response = try response(method, params)
    guard let error = response["error"] else {
      throw Failure(description: "\(method) did not fail: \(response.jsonText)")
    }
    return error
  }

  // MARK: - The flow methods

  /// Starts a flow and answers its id.
  func start(_ flow: String) throws -> String {
    try #require(try result("flow/start", ["flow": .string(flow)])["flowId"]?.stringValue)
  }

  func state(_ id: String) throws -> JSONValue { try result("flow/state", ["flowId": .string(id)]) }

  @discardableResult
  func update(_ id: String, _ values: JSONValue) throws -> JSONValue {
    try result("flow/update", ["flowId": .string(id), "values": values])
  }

  @discardableResult
  func next(_ id: String, _ values: JSONValue? = nil) throws -> JSONValue {
    var params: JSONValue = ["flowId": .string(id)]
    if let values { params = ["flowId": .string(id), "values": values] }
    return try result("flow/next", params)
  }

  @discardableResult
  func back(_ id: String) throws -> JSONValue { try result("flow/back", ["flowId": .string(id)]) }

  @discardableResult
  func cancel(_ id: String) throws -> JSONValue {
    try result("flow/cancel", ["flowId": .string(id)])
  }

  func validate(_ id: String, _ values: JSONValue) throws -> JSONValue {
    try result("flow/validate", ["flowId": .string(id), "values": values])
  }

  func export(_ id: String) throws -> JSONValue {
    try result("flow/export", ["flowId": .string(id)])
  }

  func importing(_ snapshot: JSONValue) throws -> JSONValue {
    try result("flow/import", ["snapshot": snapshot])
  }

  /// Starts `flow` and continues through `steps`, each step's values in one flow/next.
  func flow(_ flow: String, through steps: [JSONValue]) throws -> String {
    let id = try start(flow)
    for values in steps { try next(id, values) }
    return id
  }
}

extension JSONValue {
  /// A JSON number written exactly as given (`52.2297`), as a client would send it.
  static func number(_ text: String) -> JSONValue {
    (try? JSONValue.parse(text)) ?? .null
  }

  /// The same object without one member.
  func removing(_ name: String) -> JSONValue {
    guard var object = objectValue else { return self }
    object[name] = nil
    return .object(object)
  }

  /// The same object with one member set.
  func setting(_ name: String, _ value: JSONValue) -> JSONValue {
    guard var object = objectValue else { return self }
    object[name] = value
    return .object(object)
  }

  /// The error codes of a snapshot's `errors`, by field id.
  var errorCodes: [String: String] {
    var codes: [String: String] = [:]
    for (name, error) in self["errors"]?.objectValue?.members ?? [] {
      codes[name] = error["code"]?.stringValue
    }
    return codes
  }

  /// The step id of a snapshot.
  var stepId: String? { self["step"]?["id"]?.stringValue }
}
