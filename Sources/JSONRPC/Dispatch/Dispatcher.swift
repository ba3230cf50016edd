/// Turns one framed message into its answer: JSON-RPC 2.0 checks, batches, notifications. The
/// rules, from the specification: a notification (no `id` member) is never answered, even when it
/// fails; a batch answers an array of the answers to its requests, leaving notifications out, and
/// nothing at all when only notifications remain; `[]` is one Invalid Request error; an error whose
/// id cannot be read carries `id: null`. Messages that are responses (no `method`, a `result` or
/// `error`) are not ours to answer: they are dropped, since this server never sends requests.
public struct Dispatcher {
  public var maxDepth: Int
  public var maxBatch: Int
  private var tape = JSONTape()

  public init(maxDepth: Int = JSONReader.defaultMaxDepth, maxBatch: Int = 10_000) {
    self.maxDepth = maxDepth
    self.maxBatch = maxBatch
  }

  /// Handles one message and writes its answer, if any, to `writer`; answers whether it did.
  public mutating func dispatch(
    _ message: ArraySlice<UInt8>, to handler: inout some RequestHandler, writer: inout JSONWriter
  ) -> Bool {
    message.withUnsafeBufferPointer { dispatch($0, to: &handler, writer: &writer) }
  }

  /// `dispatch` over the message's bytes, which the document, and everything the handler
  /// reads, views until this returns.
  private mutating func dispatch(
    _ message: UnsafeBufferPointer<UInt8>, to handler: inout some RequestHandler,
    writer: inout JSONWriter
  ) -> Bool {
    do throws(JSONParseError) {
      try tape.parse(message, maxDepth: maxDepth)
    } catch {
      Self.writeError(
        .parseError(
          error.reason.rawValue,
          data: ["offset": .int(error.offset), "reason": .string(error.reason.rawValue)]),
        id: nil, to: &writer)
      return true
    }
    let document = tape.document(over: message)
    guard document.kind(at: JSONDocument.root) == .array else {
      return answer(JSONDocument.root, in: document, handler: &handler, writer: &writer)
    }
    let elements = document.elements(of: JSONDocument.root)
    if elements.isEmpty {
      Self.writeError(.invalidRequest("empty batch"), id: nil, to: &writer)
      return true
    }
    guard elements.count <= maxBatch else {
      Self.writeError(
        RPCError(
          code: ServerErrorCode.batchTooLarge,
          message: "Batch of \(elements.count) requests is larger than the limit of \(maxBatch)",
          data: ["limit": .int(maxBatch), "count": .int(elements.count)]),
        id: nil, to: &writer)
      return true
    }
    let start = writer.mark
    writer.beginArray()
    var answered = false
    // Every element is answered, even after an `exit` notification among them: the session
    // ends once the whole batch is answered.
    for element in elements {
      if answer(element, in: document, handler: &handler, writer: &writer) { answered = true }
    }
    guard answered else {
      writer.rewind(to: start)
      return false
    }
    writer.endArray()
    return true
  }

  /// Writes the response to the request at `index`; answers false, having written nothing,
  /// for a notification or a response.
  private func answer(
    _ index: Int, in document: JSONDocument, handler: inout some RequestHandler,
    writer: inout JSONWriter
  ) -> Bool {
    func refuse(_ detail: String, id: UnsafeBufferPointer<UInt8>? = nil) -> Bool {
      Self.writeError(.invalidRequest(detail), id: id, to: &writer)
      return true
    }
    guard document.kind(at: index) == .object else {
      return refuse("a request must be an object, not \(document.typeName(at: index))")
    }
    var idToken: Int?
    var methodToken: Int?
    var paramsToken: Int?
    var version: Int?
    var isResponse = false
    document.forEachMember(of: index) { name, member in
      switch name {
      case "id": idToken = member.value
      case "method": methodToken = member.value
      case "params": paramsToken = member.value
      case "jsonrpc": version = member.value
      case "result", "error": isResponse = true
      default: break
      }
    }
    if methodToken == nil, isResponse { return false }
    // An id of the wrong type cannot be echoed: such a request is answered with id null.
    if let idToken {
      switch document.kind(at: idToken) {
      case .string?, .number?, .null?: break
      default:
        let type = document.typeName(at: idToken)
        return refuse("id must be a string, a number or null, not \(type)")
      }
    }
    let id = idToken.map(document.rawBytes(at:))
    guard let methodToken else { return refuse("missing method", id: id) }
    guard let version, document.isString(at: version, matching: { "2.0" ~= $0 }) else {
      return refuse("jsonrpc must be \"2.0\"", id: id)
    }
    guard document.kind(at: methodToken) == .string else {
      return refuse("method must be a string, not \(document.typeName(at: methodToken))", id: id)
    }
    // `"params": null` is read as no params: the specification says to omit them, but
    // clients that serialise an absent field as null are common, and nothing is lost.
    switch paramsToken.flatMap(document.kind(at:)) {
    case nil, .null?: paramsToken = nil
    case .object?, .array?: break
    default:
      let type = document.typeName(at: paramsToken ?? index)
      return refuse("params must be an object or an array, not \(type)", id: id)
    }
    let request = Request(
      methodToken: methodToken, idToken: idToken,
      params: Params(document: document, token: paramsToken))
    let start = writer.mark
    if let id {
      writer.beginObject()
      writer.member("jsonrpc", "2.0")
      writer.key("id")
      writer.value(json: id)
      writer.key("result")
    }
    let resultStart = writer.count
    do throws(RPCError) {
      try handler.handle(request, result: &writer)
    } catch {
      writer.rewind(to: start)
      if let id { Self.writeError(error, id: id, to: &writer) }
      return id != nil
    }
    guard id != nil else {
      writer.rewind(to: start)
      return false
    }
    // A handler that wrote no result (a notification-style method called with an id)
    // answered nothing: `result` is then null, as a response must always carry one.
    if writer.count == resultStart { writer.null() }
    writer.endObject()
    return true
  }

  /// An error response; `id` is the id's raw JSON, or nil for `null`.
  package static func writeError(
    _ error: RPCError, id: UnsafeBufferPointer<UInt8>?, to writer: inout JSONWriter
  ) {
    writer.beginObject()
    writer.member("jsonrpc", "2.0")
    writer.key("id")
    if let id { writer.value(json: id) } else { writer.null() }
    writer.key("error")
    writer.value(error)
    writer.endObject()
  }
}

/// What the application supplies to the dispatcher: an answer for each valid request.
public protocol RequestHandler {
  /// Answers one request or notification by writing its result (one JSON value) to
  /// `result`. For a notification what is written is discarded, errors included. Throwing
  /// is for protocol faults: the dispatcher then drops anything written and answers the
  /// error instead. Application outcomes (a failed validation) are results.
  mutating func handle(_ request: Request, result: inout JSONWriter) throws(RPCError)

  /// Set when the session asked to end (the `exit` notification): the status to exit with.
  /// The transport stops reading, writes what is pending, and returns.
  var requestedExitStatus: Int32? { get }
}

/// A request or notification that passed the JSON-RPC 2.0 checks, ready for a handler: its
/// method's name, its params, and whether it has an id to answer.
public struct Request {
  @usableFromInline let methodToken: Int
  /// The id's token; nil for a notification, which is never answered.
  let idToken: Int?
  public let params: Params

  public var isNotification: Bool { idToken == nil }

  /// The method's name, decoded, for messages (routing matches its bytes with `method(_:)`).
  public var method: String { params.document.string(at: methodToken) ?? "" }

  /// What `match` makes of the method's name, lent as bytes: routing without a `String`.
  /// Inlinable, so it is specialised for the handler's own method type (generic, the answer
  /// came back through witness tables: 585 instructions a request at cc95b06).
  @inlinable
  public func method<Method>(_ match: (JSONName) -> Method?) -> Method? {
    var found: Method?
    _ = params.document.isString(at: methodToken) { name in
      found = match(name)
      return found != nil
    }
    return found
  }
}
