// One session's state and its answer to every request: the lifecycle, the settings initialize
// chose, the live flows, and the method table.

import JSONRPC
import PetFlowKit

/// One session's state and its answer to every request: the lifecycle, the negotiated
/// settings, the live flows, and the method table that routes to PetFlowKit.
struct PetFlowServer: RequestHandler {
  let limits: SessionLimits
  let log: Log
  /// The flows this session runs: built-in, and loaded with `--flows`.
  let catalog: FlowCatalog
  var settings = SessionSettings()
  var flows: FlowStore
  /// After `shutdown`: requests are refused until `exit`.
  var isShutDown = false
  private var calendar = LocalCalendar()
  private(set) var requestedExitStatus: Int32?

  init(
    limits: SessionLimits, log: Log, catalog: FlowCatalog = FlowCatalog(),
    flowIdPrefix: String? = nil
  ) {
    self.limits = limits
    self.log = log
    self.catalog = catalog
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
    for (field, input) in inputs { try checkLengths(of: input, parameter: prefix + field) }
  }

  /// `checkLength` for a value's text, or for each text of a photo's metadata (`uri`,
  /// `mimeType`, `fileName`), named under `parameter`.
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

  /// Answers a request of a method that takes one.
  mutating func call(_ method: Method, _ params: Params, result: inout JSONWriter)
    throws(RPCError)
  {
    switch method {
    case .fieldFormat: try FieldMethods.format(&self, params, &result)
    case .fieldEdit: try FieldMethods.edit(&self, params, &result)
    case .fieldValidate: try FieldMethods.validate(&self, params, &result)
    case .fieldList: try FieldMethods.list(&self, params, &result)
    case .flowNext: try FlowMethods.next(&self, params, &result)
    case .flowUpdate: try FlowMethods.update(&self, params, &result)
    case .flowValidate: try FlowMethods.validate(&self, params, &result)
    case .flowBack: try FlowMethods.back(&self, params, &result)
    case .flowGoto: try FlowMethods.goto(&self, params, &result)
    case .flowState: try FlowMethods.state(&self, params, &result)
    case .flowStart: try FlowMethods.start(&self, params, &result)
    case .flowCancel: try FlowMethods.cancel(&self, params, &result)
    case .flowExport: try FlowMethods.export(&self, params, &result)
    case .flowImport: try FlowMethods.import(&self, params, &result)
    case .flowList: try FlowMethods.list(&self, params, &result)
    case .initialize: try LifecycleMethods.initialize(&self, params, &result)
    case .shutdown: try LifecycleMethods.shutdown(&self, params, &result)
    case .exit, .initialized, .cancelRequest: return
    }
  }

  /// Every method petflowd knows, by name. Adding a method is a case here, its line in
  /// `call`, and its function in a methods file.
  enum Method: String, CaseIterable {
    // Matched in this order: the keystroke methods first.
    case fieldFormat = "field/format"
    case fieldEdit = "field/edit"
    case fieldValidate = "field/validate"
    case fieldList = "field/list"
    case flowNext = "flow/next"
    case flowUpdate = "flow/update"
    case flowValidate = "flow/validate"
    case flowBack = "flow/back"
    case flowGoto = "flow/goto"
    case flowState = "flow/state"
    case flowStart = "flow/start"
    case flowCancel = "flow/cancel"
    case flowExport = "flow/export"
    case flowImport = "flow/import"
    case flowList = "flow/list"
    case initialize
    case shutdown
    // Notifications.
    case exit
    case initialized
    case cancelRequest = "$/cancelRequest"

    /// Only notifications: `exit` ends the session, the others are accepted and ignored.
    var isNotification: Bool { self == .exit || self == .initialized || self == .cancelRequest }

    /// The requests `initialize` lists, sorted.
    static let listed = allCases.filter { !$0.isNotification }.map(\.rawValue).sorted()
  }
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What `initialize` negotiates. Every request works before `initialize`, with these defaults.
struct SessionSettings {
  var encoding = PositionEncoding.utf16
  var locale = PetFlowKit.Locale.en
  /// `initialize`'s `today`: a fixed date for tests and for a UI in another time zone.
  var fixedToday: CalendarDate?
}

/// Today's date in the local time zone, read from the system clock at most once a second.
struct LocalCalendar {
  private var cachedSecond: time_t = -1
  private var cachedDate = CalendarDate.unixEpoch

  mutating func today() -> CalendarDate {
    var now = time(nil)
    if now != cachedSecond {
      var parts = tm()
      if localtime_r(&now, &parts) != nil,
        let date = CalendarDate(
          year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday))
      {
        cachedDate = date
      }
      cachedSecond = now
    }
    return cachedDate
  }
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
