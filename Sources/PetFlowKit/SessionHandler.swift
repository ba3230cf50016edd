import JSONRPC
import PetFlowCore

/// One session's state and its answer to every request: the lifecycle, the negotiated
/// settings, the live flows, and the method table that routes to PetFlowKit.
struct SessionHandler: RequestHandler {
  let limits: PetFlowServer.Limits
  let log: Log
  /// The flows this session runs: built-in, and loaded with `--flows`.
  let catalog: FlowCatalog
  var settings = SessionSettings()
  var flows: FlowStore
  /// After `shutdown`: requests are refused until `exit`.
  var isShutDown = false
  /// Today's date where the session is used, from the host's clock (the library reads none);
  /// when the host cannot say, `initialize`'s `today` or 1970-01-01.
  private var calendar: TodayCache
  private(set) var requestedExitStatus: Int32?

  init(
    limits: PetFlowServer.Limits, log: Log, catalog: FlowCatalog, clock: SessionClock,
    flowIdPrefix: String
  ) {
    self.limits = limits
    self.log = log
    self.catalog = catalog
    self.calendar = TodayCache(clock: clock)
    self.flows = FlowStore(maxLive: limits.maxFlows, idPrefix: flowIdPrefix)
  }

  mutating func handle(_ request: Request, result: inout JSONWriter) throws(RPCError) {
    guard let method = request.method(Method.named) else {
      if request.isNotification {
        log.debug("ignored unknown notification \(request.method)")
        return
      }
      throw .methodNotFound(request.method)
    }
    guard case .request(let call) = method.role else {
      // Only the notification ends the session; a request of that name is a client's mistake.
      guard request.isNotification else {
        throw .invalidRequest("\(request.method) is a notification: send it without an id")
      }
      switch method.role {
      case .exit:
        // After shutdown, a clean exit; without it, the client skipped a step: status 1.
        requestedExitStatus = isShutDown ? 0 : 1
      case .notification(let call):
        // A notification is never answered: a fault in it is only logged.
        var dropped = JSONWriter(capacity: 64)
        do { try call(&self, request.params, &dropped) } catch {
          log.warning("\(request.method): \(error.message)")
        }
      case .request, .ignored:
        break
      }
      return
    }
    guard !isShutDown else {
      throw .invalidRequest("the server is shut down; only the exit notification is accepted")
    }
    try call(&self, request.params, &result)
  }

  mutating func fieldContext() -> FieldContext {
    FieldContext(
      today: settings.fixedToday ?? calendar.today() ?? .unixEpoch,
      language: settings.fieldLanguage,
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
    for (field, input) in inputs { try checkLengths(of: input, parameter: prefix + field) }
  }

  /// `checkLength` for a value's text, or for each text of a photo's metadata.
  func checkLengths(of input: FieldInput, parameter: String) throws(RPCError) {
    switch input {
    case .text(let text):
      try checkLength(text, parameter: parameter)
    case .photo(let photo):
      try checkLength(photo.uri, parameter: parameter + ".uri")
      try checkLength(photo.mimeType, parameter: parameter + ".mimeType")
      if let name = photo.fileName { try checkLength(name, parameter: parameter + ".fileName") }
    case .null, .number, .bool:
      break
    }
  }
}

/// What `initialize` negotiates. Every request works before `initialize`, with these defaults.
struct SessionSettings {
  var encoding = PositionEncoding.utf16
  /// The session's language as asked (`initialize`'s `locale`, any language): a flow answers in
  /// it where its file declares it (FlowLanguages.swift).
  var language = Language.en
  /// What the field methods, which have no flow, answer in: a shipped language, else English.
  var fieldLanguage: Language { Language.shipped.contains(language) ? language : .en }
  /// `initialize`'s `today`: a fixed date for tests and for a UI in another time zone.
  var fixedToday: CalendarDate?
}

/// Server-defined error codes of petflowd's own methods (the transport's are -32003, -32005 and
/// -32006).
enum PetFlowErrorCode {
  /// A field text longer than `--max-text-bytes`.
  static let textTooLong = -32004
  /// A `flowId` that names no flow of this session.
  static let unknownFlowId = -32010
  /// A call other than `flow/state` on a submitted or cancelled flow.
  static let flowEnded = -32011
  /// A flow definition id (or version) petflowd does not have.
  static let unknownFlow = -32012
  /// `flow/start` or `flow/import` with `--max-flows` flows already live.
  static let tooManyFlows = -32013
  /// A snapshot `flow/import` refuses: malformed, or a state the flow cannot reach.
  static let invalidSnapshot = -32014
  /// A change asked with a `rev` that is not the flow's current one.
  static let staleRevision = -32015
}

/// The session's flows by id: the live ones, and a bounded memory of ended ones so that
/// `flow/state` can still say how a flow ended.
package struct FlowStore {
  /// What is remembered of an ended flow: enough to answer `flow/state`.
  struct Ending {
    let flow: String
    let version: Int64
    let status: FlowStatus
    let revision: Int64
  }

  let maxLive: Int
  private(set) var live: [String: FlowInstance] = [:]
  private(set) var ended: [String: Ending] = [:]
  /// Ended ids, oldest first, so the oldest is forgotten when the memory is full.
  private var endedOrder: [String] = []
  private var endedOrderStart = 0
  private var serial: UInt64 = 0
  /// Random per process, so an id kept by a UI across a daemon restart names nothing
  /// instead of somebody else's flow.
  private let prefix: String

  /// `idPrefix` is the ids' prefix: `randomPrefix` of the host's random number, or fixed (the
  /// fuzzer's inputs name flows "f-1", "f-2", …).
  init(maxLive: Int, idPrefix: String) {
    self.maxLive = maxLive
    prefix = idPrefix
  }

  /// A prefix made of a random number the host drew (the library reads no entropy itself).
  package static func randomPrefix(_ random: UInt32) -> String {
    let random = String(random, radix: 36)
    return "f" + String(repeating: "0", count: max(0, 7 - random.count)) + random + "-"
  }

  mutating func add(_ flow: FlowInstance) throws(RPCError) -> String {
    guard live.count < maxLive else {
      throw RPCError(
        code: PetFlowErrorCode.tooManyFlows,
        message: "\(live.count) flows are live, the limit (--max-flows); end some with flow/cancel",
        data: ["limit": .int(maxLive)])
    }
    serial &+= 1
    let id = prefix + String(serial)
    live[id] = flow
    return id
  }

  /// The live flow, or the error for an ended or unknown id.
  func flow(_ id: String) throws(RPCError) -> FlowInstance {
    if let flow = live[id] { return flow }
    throw notLive(id)
  }

  /// Runs `body` on the live flow, then files it away as ended if it ended. The flow is
  /// taken out of the table while it changes, so its values are never copied.
  mutating func modify<Result>(
    _ id: String, _ body: (inout FlowInstance) throws(RPCError) -> Result
  ) throws(RPCError) -> Result {
    guard var flow = live.removeValue(forKey: id) else { throw notLive(id) }
    defer {
      if flow.status == .active { live[id] = flow } else { retire(id, flow) }
    }
    return try body(&flow)
  }

  private mutating func retire(_ id: String, _ flow: FlowInstance) {
    ended[id] = Ending(
      flow: flow.definition.id, version: flow.definition.version, status: flow.status,
      revision: flow.revision)
    endedOrder.append(id)
    if endedOrder.count - endedOrderStart > maxLive {
      ended[endedOrder[endedOrderStart]] = nil
      endedOrderStart += 1
      if endedOrderStart > 4096, endedOrderStart * 2 > endedOrder.count {
        endedOrder.removeFirst(endedOrderStart)
        endedOrderStart = 0
      }
    }
  }

  private func notLive(_ id: String) -> RPCError {
    if let ending = ended[id] {
      return RPCError(
        code: PetFlowErrorCode.flowEnded,
        message: "the flow has ended (\(ending.status.rawValue)); only flow/state answers for it",
        data: ["flowId": .string(id), "status": .string(ending.status.rawValue)])
    }
    return RPCError(
      code: PetFlowErrorCode.unknownFlowId, message: "no flow with this flowId in this session",
      data: ["flowId": .string(id)])
  }
}

/// The flows a session runs: the built-in reports, and the files `--flows DIR` loaded, a file
/// replacing the built-in flow of its id (in that flow's place) and adding any other.
package struct FlowCatalog: Sendable {
  /// Nil without files: the built-ins are then read only when a flow is first asked for, so
  /// start-up never builds them.
  private let merged: [FlowDefinition]?

  package init(files: [FlowDefinition] = []) {
    guard !files.isEmpty else {
      merged = nil
      return
    }
    var flows = FlowDefinition.all.map { builtIn in files.first { $0.id == builtIn.id } ?? builtIn }
    flows += files.filter { file in !FlowDefinition.all.contains { $0.id == file.id } }
    merged = flows
  }

  /// Every flow, in the order `flow/list` shows them: the built-ins, then the other files by
  /// file name.
  var flows: [FlowDefinition] { merged ?? FlowDefinition.all }
  func named(_ id: String) -> FlowDefinition? { flows.first { $0.id == id } }
}
