import JSONRPC
import PetFlowCore

/// `flow/*`: the flow coordinators, headless. Validation failures are results (`errors`),
/// never JSON-RPC errors.
enum FlowMethods {
  static func list(
    _ server: inout SessionHandler, _: NoParams, _ answer: inout JSONWriter
  ) throws(RPCError) {
    answer.beginObject()
    answer.key("flows")
    answer.beginArray()
    for definition in server.catalog.flows {
      answer.flowDefinition(definition, language: server.settings.language)
    }
    answer.endArray()
    answer.endObject()
  }

  static func start(
    _ server: inout SessionHandler, _ request: FlowStartParams, _ answer: inout JSONWriter
  ) throws(RPCError) {
    let definition = try definition(named: request.flow, in: server.catalog)
    let flow = FlowInstance(definition: definition)
    let id = try server.flows.add(flow)
    answer.snapshot(id, flow, language: server.settings.language)
  }

  static func state(
    _ server: inout SessionHandler, _ request: FlowParams, _ answer: inout JSONWriter
  ) throws(RPCError) {
    let id = request.flowId
    if let ending = server.flows.ended[id] {
      answer.snapshot(id, ended: ending)
    } else {
      answer.snapshot(id, try server.flows.flow(id), language: server.settings.language)
    }
  }

  static func update(
    _ server: inout SessionHandler, _ request: FlowParams, _ answer: inout JSONWriter
  ) throws(RPCError) {
    let values = try checkedValues(request, server)
    let context = server.fieldContext()
    try change(request, in: &server, &answer) { flow throws(FlowFault) in
      try flow.update(values, context: context)
      return nil
    }
  }

  static func next(
    _ server: inout SessionHandler, _ request: FlowParams, _ answer: inout JSONWriter
  ) throws(RPCError) {
    let values = try checkedValues(request, server)
    let context = server.fieldContext()
    try change(request, in: &server, &answer) { flow throws(FlowFault) in
      let advance = try flow.next(values, context: context)
      guard case .submitted(let payload) = advance else { return nil }
      return payload
    }
  }

  static func back(
    _ server: inout SessionHandler, _ request: FlowParams, _ answer: inout JSONWriter
  ) throws(RPCError) {
    try change(request, in: &server, &answer) { flow throws(FlowFault) in
      try flow.back()
      return nil
    }
  }

  static func goto(
    _ server: inout SessionHandler, _ request: FlowParams, _ answer: inout JSONWriter
  ) throws(RPCError) {
    // The table's reader requires `step`.
    let step = request.step ?? ""
    let context = server.fieldContext()
    try change(request, in: &server, &answer) { flow throws(FlowFault) in
      try flow.goto(step, context: context)
      return nil
    }
  }

  static func cancel(
    _ server: inout SessionHandler, _ request: FlowParams, _ answer: inout JSONWriter
  ) throws(RPCError) {
    try change(request, in: &server, &answer) { flow throws(FlowFault) in
      try flow.cancel()
      return nil
    }
  }

  /// On-blur validation: the errors the given values would have; changes nothing.
  static func validate(
    _ server: inout SessionHandler, _ request: FlowParams, _ answer: inout JSONWriter
  ) throws(RPCError) {
    let values = try checkedValues(request, server)
    let flow = try server.flows.flow(request.flowId)
    let context = server.fieldContext()
    // A field named in `fields` but not in `values` is refused as `fields`, not `values.id`.
    let given = Set(values.map { $0.field })
    let errors = try run(
      naming: { given.contains($0) ? "values." + $0 : "fields" },
      { () throws(FlowFault) in
        try flow.validate(values, only: request.fields, context: context)
      })
    answer.beginObject()
    answer.member("valid", errors.isEmpty)
    answer.key("errors")
    answer.beginObject()
    let language = flow.definition.language(answering: server.settings.language)
    let texts = flow.definition.kindTexts(in: language)
    for field in flow.step.fields {
      guard let error = errors[field.id] else { continue }
      answer.key(text: field.id)
      answer.fieldError(error, messages: field.messages, language: language, texts: texts)
    }
    answer.endObject()
    answer.endObject()
  }

  static func export(
    _ server: inout SessionHandler, _ request: FlowParams, _ answer: inout JSONWriter
  ) throws(RPCError) {
    answer.export(request.flowId, try server.flows.flow(request.flowId))
  }

  static func `import`(
    _ server: inout SessionHandler, _ request: FlowImportParams, _ answer: inout JSONWriter
  ) throws(RPCError) {
    let imported = try SnapshotReader.read(
      request.snapshot, catalog: server.catalog, context: server.fieldContext(),
      checkLengths: server.checkLengths)
    let id = try server.flows.add(imported.flow)
    answer.snapshot(
      id, imported.flow, upgradeDropped: imported.upgradeLosses, language: server.settings.language)
  }

  /// The values given, each text refused when longer than `--max-text-bytes`.
  private static func checkedValues(_ request: FlowParams, _ server: SessionHandler)
    throws(RPCError) -> FlowParams.FieldInputs
  {
    let values = request.values ?? []
    try server.checkLengths(values, prefix: "values.")
    return values
  }

  static func definition(named name: String, in catalog: FlowCatalog) throws(RPCError)
    -> FlowDefinition
  {
    guard let definition = catalog.named(name) else {
      throw RPCError(
        code: PetFlowErrorCode.unknownFlow,
        message:
          "unknown flow '\(name)'; flows: \(catalog.flows.map { $0.id }.joined(separator: ", "))",
        data: ["flow": .string(name)])
    }
    return definition
  }

  /// Runs `body` on the live flow and answers its snapshot, with the payload `body` answers
  /// for a submission. Unless `rev` is the flow's current one: then nothing changes (a
  /// double-clicked Continue must not skip a step) and the error carries the snapshot to render.
  private static func change(
    _ request: FlowParams, in server: inout SessionHandler, _ answer: inout JSONWriter,
    _ body: (inout FlowInstance) throws(FlowFault) -> [PayloadField]?
  ) throws(RPCError) {
    let language = server.settings.language
    try server.flows.modify(request.flowId) { flow throws(RPCError) in
      try requireRevision(request.rev, of: flow, id: request.flowId, language: language)
      let payload = try run { () throws(FlowFault) in try body(&flow) }
      answer.snapshot(request.flowId, flow, payload: payload, language: language)
    }
  }

  /// The stale-revision error when the client's `rev` is given and is not the flow's.
  private static func requireRevision(
    _ expected: Int64?, of flow: FlowInstance, id: String, language: Language
  ) throws(RPCError) {
    guard let expected, expected != flow.revision else { return }
    // Rare, so the snapshot is written as for an answer and read back as the error's data.
    var writer = JSONWriter(capacity: 4096)
    writer.snapshot(id, flow, language: language)
    let snapshot = (try? JSONReader.parse(writer.bytes)) ?? .null
    throw RPCError(
      code: PetFlowErrorCode.staleRevision,
      message: "the flow is at rev \(flow.revision), not \(expected); nothing was changed",
      data: ["flowId": .string(id), "rev": .int(flow.revision), "snapshot": snapshot])
  }

  /// Runs a flow operation, turning its faults into protocol errors; `naming` gives the
  /// parameter that named a refused field.
  private static func run<Result>(
    naming parameter: (String) -> String = { "values." + $0 },
    _ body: () throws(FlowFault) -> Result
  ) throws(RPCError) -> Result {
    do throws(FlowFault) {
      return try body()
    } catch {
      switch error {
      case .ended(let status):
        throw RPCError(
          code: PetFlowErrorCode.flowEnded, message: "the flow has ended (\(status.rawValue))",
          data: ["status": .string(status.rawValue)])
      case .unknownField(let field):
        throw .invalidParams("'\(field)' is not a field of this flow", parameter: parameter(field))
      case .fieldNotOnCurrentStep(let field, let step):
        throw .invalidParams(
          "'\(field)' belongs to step '\(step)', not the current step", parameter: parameter(field))
      case .unknownStep(let step):
        throw stepRefused("'\(step)' is not a step of this flow", reason: "unknown")
      case .unreachableStep(let step, let failing):
        throw stepRefused(
          "step '\(step)' cannot be reached: step '\(failing)' does not validate",
          reason: "blocked", blockedBy: failing)
      case .stepOffPath(let step):
        throw stepRefused(
          "step '\(step)' is not on the flow's path: the answers given lead past it",
          reason: "offPath")
      }
    }
  }

  /// flow/goto's refusal: -32602 naming `step`, with a `reason` a page can explain in its own
  /// language without parsing the English message (and the step in the way, when blocked).
  private static func stepRefused(
    _ detail: String, reason: String, blockedBy: String? = nil
  ) -> RPCError {
    var data = JSONObject([("parameter", "step"), ("reason", .string(reason))])
    if let blockedBy { data.append("blockedBy", .string(blockedBy)) }
    return RPCError(code: -32602, message: "Invalid params: \(detail)", data: .object(data))
  }
}

/// The params the flow methods share, `{flowId, values?, fields?, step?, rev?}`, read in one
/// pass: each method takes the members `accepted` lists and refuses the others, and needs
/// those `required` lists.
struct FlowParams {
  /// The optional members a method takes.
  struct Members: OptionSet {
    let rawValue: Int
    static let values = Members(rawValue: 1)
    static let fields = Members(rawValue: 2)
    static let rev = Members(rawValue: 4)
    static let step = Members(rawValue: 8)
  }

  typealias FieldInputs = [(field: String, input: FieldInput)]

  var flowId = ""
  /// Field values by field id, in the order given (a later duplicate wins when stored).
  var values: FieldInputs?
  var fields: [String]?
  var rev: Int64?
  /// flow/goto's target step id.
  var step: String?

  // Each method's reader, named for the table.
  static func next(_ params: Params) throws(ParamError) -> FlowParams {
    try FlowParams(params, accepted: [.values, .rev])
  }
  static func update(_ params: Params) throws(ParamError) -> FlowParams {
    try FlowParams(params, accepted: [.values, .rev], required: [.values])
  }
  static func back(_ params: Params) throws(ParamError) -> FlowParams {
    try FlowParams(params, accepted: [.rev])
  }
  static func goto(_ params: Params) throws(ParamError) -> FlowParams {
    try FlowParams(params, accepted: [.step, .rev], required: [.step])
  }
  static func validate(_ params: Params) throws(ParamError) -> FlowParams {
    try FlowParams(params, accepted: [.values, .fields])
  }
  /// `{flowId}` alone (flow/state, flow/export).
  static func flowOnly(_ params: Params) throws(ParamError) -> FlowParams {
    try FlowParams(params, accepted: [])
  }

  init(_ params: Params, accepted: Members, required: Members = []) throws(ParamError) {
    var flowId: String?
    try params.forEachMember { name, value throws(ParamError) in
      switch name {
      case "flowId": flowId = try value.string()
      case "values" where accepted.contains(.values):
        // `null` is absent, as for every other optional parameter.
        guard !value.isNull else { return }
        guard value.kind == .object, let object = try value.object() else {
          throw value.wrongType(expected: "an object of field values")
        }
        values = try Self.fieldInputs(object)
      case "fields" where accepted.contains(.fields): fields = try Self.fieldIds(value)
      case "rev" where accepted.contains(.rev): rev = try value.integer()
      case "step" where accepted.contains(.step): step = try value.string()
      default: throw value.unknown
      }
    }
    self.flowId = try params.required(flowId, "flowId")
    if required.contains(.values), values == nil { throw params.missing("values") }
    if required.contains(.step), step == nil { throw params.missing("step") }
  }

  /// An array of field ids (flow/validate's `fields`, a snapshot's `errors`); nil for null.
  static func fieldIds(_ value: ParamValue) throws(ParamError) -> [String]? {
    guard !value.isNull else { return nil }
    var ids: [String] = []
    try value.forEachElement(expected: "an array of field ids") { element throws(ParamError) in
      guard element.kind == .string else {
        throw value.wrongType(expected: "an array of field ids")
      }
      ids.append(try element.string())
    }
    return ids
  }

  /// The members of an object of field values (`values`, a snapshot's `rejected`) as inputs.
  static func fieldInputs(_ object: Params) throws(ParamError) -> FieldInputs {
    var inputs: FieldInputs = []
    try object.forEachMember { name, value throws(ParamError) in
      inputs.append((name.string, try FieldInput(value)))
    }
    return inputs
  }
}

/// flow/start's params: `{flow}`, the definition's id.
struct FlowStartParams {
  var flow: String

  init(_ params: Params) throws(ParamError) {
    flow = try params.only("flow") { value throws(ParamError) in try value.string() }
  }
}

/// flow/import's params: `{snapshot}`, an object `SnapshotReader` reads.
struct FlowImportParams {
  var snapshot: Params

  init(_ params: Params) throws(ParamError) {
    snapshot = try params.only("snapshot") { value throws(ParamError) in try value.object() }
  }
}
