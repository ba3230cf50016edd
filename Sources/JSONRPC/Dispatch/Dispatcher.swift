/// Turns one framed message into its answer: JSON-RPC 2.0 checks, batches, notifications.
///
/// The rules, from the specification: a notification (no `id` member) is never answered,
/// even when it fails; a batch answers an array of the answers to its requests, leaving
/// notifications out, and nothing at all when only notifications remain; `[]` is one
/// Invalid Request error; an error whose id cannot be read carries `id: null`. Messages
/// that are responses (no `method`, a `result` or `error`) are not ours to answer: they
/// are dropped, since this server never sends requests.
public struct Dispatcher {
  public var maxDepth: Int
  public var maxBatch: Int

  public init(maxDepth: Int = JSONReader.defaultMaxDepth, maxBatch: Int = 10_000) {
    self.maxDepth = maxDepth
    self.maxBatch = maxBatch
  }

  /// Handles one message and writes its answer, if any, to `writer`; answers whether it did.
  public func dispatch(
    _ message: ArraySlice<UInt8>, to handler: inout some RequestHandler, writer: inout JSONWriter
  ) -> Bool {
    let document: JSONValue
    do throws(JSONParseError) {
      document = try JSONReader.parse(message, maxDepth: maxDepth)
    } catch {
      writer.write(
        Self.response(
          id: .null,
          error: .parseError(
            error.reason.rawValue,
            data: ["offset": .int(error.offset), "reason": .string(error.reason.rawValue)])))
      return true
    }
    guard case .array(let elements) = document else {
      guard let answer = answer(document, handler: &handler) else { return false }
      writer.write(answer)
      return true
    }
    if elements.isEmpty {
      writer.write(Self.response(id: .null, error: .invalidRequest("empty batch")))
      return true
    }
    guard elements.count <= maxBatch else {
      writer.write(
        Self.response(
          id: .null,
          error: RPCError(
            code: ServerErrorCode.batchTooLarge,
            message: "Batch of \(elements.count) requests is larger than the limit of \(maxBatch)",
            data: ["limit": .int(maxBatch), "count": .int(elements.count)])))
      return true
    }
    var answers: [JSONValue] = []
    for element in elements {
      if let answer = answer(element, handler: &handler) { answers.append(answer) }
    }
    guard !answers.isEmpty else { return false }
    writer.write(.array(answers))
    return true
  }

  /// The response object for one request, or `nil` for a notification or a response.
  private func answer(_ message: JSONValue, handler: inout some RequestHandler) -> JSONValue? {
    guard case .object(let object) = message else {
      return Self.response(
        id: .null, error: .invalidRequest("a request must be an object, not \(message.typeName)"))
    }
    // A response (no method, a result or an error) is not ours to answer, whatever its id.
    if object["method"] == nil, object["result"] != nil || object["error"] != nil { return nil }
    let idMember = object["id"]
    // An id of the wrong type cannot be echoed: such a request is answered with id null.
    let id: JSONValue?
    switch idMember {
    case nil: id = nil
    case .string?, .number?, .null?: id = idMember
    case let other?:
      return Self.response(
        id: .null,
        error: .invalidRequest("id must be a string, a number or null, not \(other.typeName)"))
    }
    guard let methodValue = object["method"] else {
      return Self.response(id: id ?? .null, error: .invalidRequest("missing method"))
    }
    let answerId = id ?? .null
    guard object["jsonrpc"] == .string("2.0") else {
      return Self.response(id: answerId, error: .invalidRequest("jsonrpc must be \"2.0\""))
    }
    guard case .string(let method) = methodValue else {
      return Self.response(
        id: answerId, error: .invalidRequest("method must be a string, not \(methodValue.typeName)")
      )
    }
    // `"params": null` is read as no params: the specification says to omit them, but
    // clients that serialise an absent field as null are common, and nothing is lost.
    let params = object["params"] == .null ? nil : object["params"]
    switch params {
    case nil, .object?, .array?: break
    case let other?:
      return Self.response(
        id: answerId,
        error: .invalidRequest("params must be an object or an array, not \(other.typeName)"))
    }
    let request = Request(id: id, method: method, params: Params(params))
    do throws(RPCError) {
      let result = try handler.handle(request)
      return id.map { Self.response(id: $0, result: result) }
    } catch {
      return id.map { Self.response(id: $0, error: error) }
    }
  }

  public static func response(id: JSONValue, result: JSONValue) -> JSONValue {
    .object(JSONObject([("jsonrpc", "2.0"), ("id", id), ("result", result)]))
  }

  public static func response(id: JSONValue, error: RPCError) -> JSONValue {
    .object(JSONObject([("jsonrpc", "2.0"), ("id", id), ("error", error.json)]))
  }
}
