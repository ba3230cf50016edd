import JSONRPC

/// Every method petflowd knows, by name, and the call that answers each. Adding a method is a
/// case here and its function in a methods file.
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

extension PetFlowServer {
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
}
