import JSONRPC
import PetFlowKit

/// `flow/*`: the flow coordinators, headless. Validation failures are results (`errors`),
/// never JSON-RPC errors.
enum FlowMethods {
  static func list(
    _ server: inout PetFlowServer, _ params: Params, _ answer: inout JSONWriter
  ) throws(RPCError) {
    try params.none()
    answer.beginObject()
    answer.key("flows")
    answer.beginArray()
    for definition in server.catalog.flows {
      answer.flowDefinition(definition, locale: server.settings.locale)
    }
    answer.endArray()
    answer.endObject()
  }

  static func start(
    _ server: inout PetFlowServer, _ params: Params, _ answer: inout JSONWriter
  ) throws(RPCError) {
    let definition = try definition(
      named: params.only("flow") { value throws(ParamError) in try value.string() },
      in: server.catalog)
    let flow = FlowInstance(definition: definition)
    let id = try server.flows.add(flow)
    answer.snapshot(id, flow, locale: server.settings.locale)
  }

  static func state(
    _ server: inout PetFlowServer, _ params: Params, _ answer: inout JSONWriter
  ) throws(RPCError) {
    let id = try call(params, server: server, accepting: []).flowId
    if let ending = server.flows.ended[id] {
      answer.snapshot(id, ended: ending)
    } else {
      answer.snapshot(id, try server.flows.flow(id), locale: server.settings.locale)
    }
  }

  static func update(
    _ server: inout PetFlowServer, _ params: Params, _ answer: inout JSONWriter
  ) throws(RPCError) {
    let request = try call(params, server: server, accepting: [.values, .rev])
    guard let values = request.values else { throw RPCError(params.missing("values")) }
    let context = server.fieldContext()
    try change(request, in: &server, &answer) { flow throws(FlowFault) in
      try flow.update(values, context: context)
      return nil
    }
  }

  static func next(
    _ server: inout PetFlowServer, _ params: Params, _ answer: inout JSONWriter
  ) throws(RPCError) {
    let request = try call(params, server: server, accepting: [.values, .rev])
    let context = server.fieldContext()
    try change(request, in: &server, &answer) { flow throws(FlowFault) in
      let advance = try flow.next(request.values ?? [], context: context)
      guard case .submitted(let payload) = advance else { return nil }
      return payload
    }
  }

  static func back(
    _ server: inout PetFlowServer, _ params: Params, _ answer: inout JSONWriter
  ) throws(RPCError) {
    let request = try call(params, server: server, accepting: [.rev])
    try change(request, in: &server, &answer) { flow throws(FlowFault) in
      try flow.back()
      return nil
    }
  }

  static func goto(
    _ server: inout PetFlowServer, _ params: Params, _ answer: inout JSONWriter
  ) throws(RPCError) {
    let request = try call(params, server: server, accepting: [.step, .rev])
    guard let step = request.step else { throw RPCError(params.missing("step")) }
    let context = server.fieldContext()
    try change(request, in: &server, &answer) { flow throws(FlowFault) in
      try flow.goto(step, context: context)
      return nil
    }
  }

  static func cancel(
    _ server: inout PetFlowServer, _ params: Params, _ answer: inout JSONWriter
  ) throws(RPCError) {
    let request = try call(params, server: server, accepting: [.rev])
    try change(request, in: &server, &answer) { flow throws(FlowFault) in
      try flow.cancel()
      return nil
    }
  }

  /// On-blur validation: the errors the given values would have; changes nothing.
  static func validate(
    _ server: inout PetFlowServer, _ params: Params, _ answer: inout JSONWriter
  ) throws(RPCError) {
    let request = try call(params, server: server, accepting: [.values, .fields])
    let flow = try server.flows.flow(request.flowId)
    let context = server.fieldContext()
    // A field named in `fields` but not in `values` is refused as `fields`, not `values.id`.
    let values = request.values ?? []
    let given = Set(values.map(\.field))
    let errors = try run(
      naming: { given.contains($0) ? "values." + $0 : "fields" },
      { () throws(FlowFault) in
        try flow.validate(values, only: request.fields, context: context)
      })
    answer.beginObject()
    answer.member("valid", errors.isEmpty)
    answer.key("errors")
    answer.beginObject()
    for field in flow.step.fields {
      guard let error = errors[field.id] else { continue }
      answer.key(text: field.id)
      answer.fieldError(error, locale: context.locale)
    }
    answer.endObject()
    answer.endObject()
  }

  static func export(
    _ server: inout PetFlowServer, _ params: Params, _ answer: inout JSONWriter
  ) throws(RPCError) {
    let id = try call(params, server: server, accepting: []).flowId
    answer.export(id, try server.flows.flow(id))
  }

  static func `import`(
    _ server: inout PetFlowServer, _ params: Params, _ answer: inout JSONWriter
  ) throws(RPCError) {
    let imported = try SnapshotReader.read(
      params.only("snapshot") { value throws(ParamError) in try value.object() },
      catalog: server.catalog, context: server.fieldContext(),
      checkLengths: server.checkLengths)
    let id = try server.flows.add(imported.flow)
    answer.snapshot(
      id, imported.flow, upgradeDropped: imported.upgradeLosses, locale: server.settings.locale)
  }

  /// A flow call's params, each text refused when longer than `--max-text-bytes`.
  private static func call(
    _ params: Params, server: PetFlowServer, accepting members: FlowParams.Members
  ) throws(RPCError) -> FlowParams {
    let request = try params.read { params throws(ParamError) in
      try FlowParams(params, accepted: members)
    }
    try server.checkLengths(request.values ?? [], prefix: "values.")
    return request
  }

  static func definition(named name: String, in catalog: FlowCatalog) throws(RPCError)
    -> FlowDefinition
  {
    guard let definition = catalog.named(name) else {
      throw RPCError(
        code: PetFlowErrorCode.unknownFlow,
        message:
          "unknown flow '\(name)'; flows: \(catalog.flows.map(\.id).joined(separator: ", "))",
        data: ["flow": .string(name)])
    }
    return definition
  }

  /// Runs `body` on the live flow and answers its snapshot, with the payload `body` answers
  /// for a submission. Unless `rev` is the flow's current one: then nothing changes (a
  /// double-clicked Continue must not skip a step) and the error carries the snapshot to render.
  private static func change(
    _ request: FlowParams, in server: inout PetFlowServer, _ answer: inout JSONWriter,
    _ body: (inout FlowInstance) throws(FlowFault) -> [PayloadField]?
  ) throws(RPCError) {
    let locale = server.settings.locale
    try server.flows.modify(request.flowId) { flow throws(RPCError) in
      try requireRevision(request.rev, of: flow, id: request.flowId, locale: locale)
      let payload = try run { () throws(FlowFault) in try body(&flow) }
      answer.snapshot(request.flowId, flow, payload: payload, locale: locale)
    }
  }

  /// The stale-revision error when the client's `rev` is given and is not the flow's.
  private static func requireRevision(
    _ expected: Int?, of flow: FlowInstance, id: String, locale: PetFlowKit.Locale
  ) throws(RPCError) {
    guard let expected, expected != flow.revision else { return }
    // Rare, so the snapshot is written as for an answer and read back as the error's data.
    var writer = JSONWriter(capacity: 4096)
    writer.snapshot(id, flow, locale: locale)
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

/// The params the flow methods share, `{flowId, values?, fields?, step, rev?}`, read in one
/// pass: each method takes the members `accepted` lists and refuses the others.
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
  var rev: Int?
  /// flow/goto's target step id.
  var step: String?

  init(_ params: Params, accepted: Members) throws(ParamError) {
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
