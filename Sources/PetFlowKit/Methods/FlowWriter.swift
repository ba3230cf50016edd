import FlowFiles
import JSONRPC
import PetFlowCore

/// Flow definitions, snapshots, payloads and exports, written straight into the answer. A snapshot
/// holds some forty values. Built as a `JSONValue` tree, written, then torn down, it cost four
/// fifths of a `flow/next` (callgrind: 83,000 of 103,000 instructions per `flow/next` + `flow/back`
/// pair). Members come in the order protocol.md lists them.
extension JSONWriter {
  mutating func flowDefinition(_ definition: FlowDefinition, language asked: Language) {
    let language = definition.language(answering: asked)
    beginObject()
    member("id", definition.id)
    member("version", definition.version)
    member("title", definition.title.text(in: language))
    key("steps")
    beginArray()
    let fresh = FlowInstance(definition: definition)
    for index in definition.steps.indices {
      step(
        index, of: definition, progress: definition.progress(ofStep: index), flow: fresh,
        language: language)
    }
    endArray()
    endObject()
  }

  /// What a UI renders a step from; null past the steps. A field required under a condition
  /// carries `requiredWhen`, and is `required` as the condition judges `flow`'s values (a fresh
  /// flow's, none, for flow/list). The flow is a plain parameter, lent: as an optional, each
  /// snapshot copied it (its definition and slots retained and released).
  mutating func step(
    _ index: Int, of definition: FlowDefinition, progress: StepProgress?, flow: FlowInstance,
    language: Language
  ) {
    guard definition.steps.indices.contains(index) else { return null() }
    // Steps and fields are read in place: copies of them (ids, texts, options) cost a flow pair
    // some hundred instructions.
    beginObject()
    member("id", definition.steps[index].id)
    member("index", index)
    member("kind", definition.steps[index].kind.rawValue)
    member("title", definition.steps[index].title.text(in: language))
    // Only a flow whose file words its own texts is asked for them, once per step.
    let ownTexts = definition.hasOwnTexts
    // A language petflowd does not ship words the kinds from the file's translations.
    let texts = definition.kindTexts(in: language)
    if ownTexts, let description = definition.steps[index].description {
      member("description", description.text(in: language))
    }
    key("progress")
    if let progress {
      beginObject()
      member("current", progress.current)
      member("total", progress.total)
      key("label")
      string(numerator: progress.current, denominator: progress.total)
      endObject()
    } else {
      null()
    }
    key("fields")
    beginArray()
    let fields = definition.fields
    for position in definition.fieldPositions[index] {
      let kind = fields[position].kind
      // A flow without conditional `required` reads neither the condition nor the values.
      let judged = definition.hasRequiredWhen
      fieldInfo(
        kind, id: fields[position].id, label: fields[position].label.text(in: language),
        hint: ownTexts ? definition.ownHint(ofField: position, in: language) : nil,
        required: judged ? flow.isRequired(position) : fields[position].options.required,
        requiredWhen: judged ? fields[position].requiredWhen : nil,
        maxLength: fields[position].options.maxLength ?? kind.maxLength.map(Int64.init),
        choices: kind.isDeclaredByFlow ? fields[position].options.choices : nil, language: language,
        texts: texts)
    }
    endArray()
    endObject()
  }

  /// `payload` only when the flow was just submitted; an ended flow has no step and no values.
  mutating func snapshot(
    _ id: String, _ flow: FlowInstance, payload: [PayloadField]? = nil,
    upgradeDropped: [(field: String, reason: String)]? = nil, language asked: Language
  ) {
    let definition = flow.definition
    let language = definition.language(answering: asked)
    guard flow.status == .active else {
      let ending = FlowStore.Ending(
        flow: definition.id, version: definition.version, status: flow.status,
        revision: flow.revision)
      return snapshot(id, ended: ending, payload: payload)
    }
    beginSnapshot(id, definition.id, definition.version, flow.status, flow.revision)
    let path = Self.dormancy(flow)
    key("step")
    step(flow.stepIndex, of: definition, progress: flow.progress, flow: flow, language: language)
    let fields = definition.fields
    key("values")
    let dormant = storedValues(flow, on: path)
    // A rejected input shows as it was entered: it is the field's text until it is fixed.
    key("display")
    beginObject()
    for (position, slot) in flow.slots.enumerated() {
      guard !Self.isDormant(position, flow, on: path) else { continue }
      let kind = fields[position].kind
      if let value = slot.value {
        key(text: fields[position].id)
        string(kind.display(of: value))
      } else if let input = slot.rejected {
        key(text: fields[position].id)
        string(kind.display(ofRejected: input))
      }
    }
    endObject()
    if dormant { dormantValues(flow, on: path) }
    key("errors")
    beginObject()
    for position in definition.fieldPositions[flow.stepIndex] {
      guard let error = flow.slot(position).error else { continue }
      key(text: fields[position].id)
      fieldError(
        error, messages: fields[position].messages, language: language,
        texts: definition.kindTexts(in: language))
    }
    endObject()
    member("canBack", flow.canGoBack)
    if let upgradeDropped {
      key("upgradeDropped")
      beginArray()
      for (field, reason) in upgradeDropped {
        beginObject()
        member("field", field)
        member("reason", reason)
        endObject()
      }
      endArray()
    }
    endSnapshot(payload)
  }

  mutating func snapshot(_ id: String, ended: FlowStore.Ending, payload: [PayloadField]? = nil) {
    beginSnapshot(id, ended.flow, ended.version, ended.status, ended.revision)
    key("step")
    null()
    for name: StaticString in ["values", "display", "errors"] {
      key(name)
      beginObject()
      endObject()
    }
    member("canBack", false)
    endSnapshot(payload)
  }

  /// `{"flowId":…,"flow":…,"version":…,"status":…,"rev":…`, left open.
  private mutating func beginSnapshot(
    _ id: String, _ flow: String, _ version: Int64, _ status: FlowStatus, _ revision: Int64
  ) {
    beginObject()
    member("flowId", id)
    member("flow", flow)
    member("version", version)
    member("status", status.rawValue)
    member("rev", revision)
  }

  private mutating func endSnapshot(_ payload: [PayloadField]?) {
    if let payload {
      key("payload")
      payloadObject(payload, depth: 0)
    }
    endObject()
  }

  /// The payload's fields as nested objects, following their paths (`location.latitude`):
  /// the fields under one name, in the order the first of them comes.
  private mutating func payloadObject(_ fields: [PayloadField], depth: Int) {
    beginObject()
    var written: [String] = []
    for field in fields where depth < field.path.count && !written.contains(field.path[depth]) {
      let name = field.path[depth]
      written.append(name)
      key(text: name)
      let nested = fields.filter { depth < $0.path.count && $0.path[depth] == name }
      if nested.count == 1, field.path.count == depth + 1 {
        if let constant = field.constant {
          payloadConstant(constant)
        } else {
          fieldValue(field.value)
        }
      } else {
        payloadObject(nested, depth: depth + 1)
      }
    }
    endObject()
  }

  /// A self-contained snapshot for `flow/import`; `dormant`, and `rejected` (inputs on the current
  /// step and after it, their errors shown from them), only when there are any.
  mutating func export(_ id: String, _ flow: FlowInstance) {
    beginObject()
    member("snapshotFormat", SnapshotReader.format)
    member("flowId", id)
    member("flow", flow.definition.id)
    member("version", flow.definition.version)
    member("digest", flow.definition.digest)
    member("step", flow.step.id)
    member("rev", flow.revision)
    let fields = flow.definition.fields
    let step = flow.definition.fieldPositions[flow.stepIndex]
    let path = Self.dormancy(flow)
    key("values")
    if storedValues(flow, on: path) { dormantValues(flow, on: path) }
    key("errors")
    beginArray()
    for position in step where flow.slot(position).error != nil { string(fields[position].id) }
    endArray()
    let kept = flow.slots.indices.filter { flow.slots[$0].rejected != nil }
    if !kept.isEmpty {
      key("rejected")
      beginObject()
      for position in kept {
        guard let input = flow.slot(position).rejected else { continue }
        key(text: fields[position].id)
        fieldInput(input)
      }
      endObject()
    }
    endObject()
  }

  /// The stored values of the fields on `path` by field id, in field order (the definition's:
  /// the same every time); true when a value was left out as dormant.
  @discardableResult
  private mutating func storedValues(_ flow: FlowInstance, on path: FlowPath?) -> Bool {
    var dormant = false
    beginObject()
    for (position, slot) in flow.slots.enumerated() {
      guard let value = slot.value else { continue }
      if Self.isDormant(position, flow, on: path) {
        dormant = true
        continue
      }
      key(text: flow.definition.fields[position].id)
      fieldValue(value)
    }
    endObject()
    return dormant
  }

  /// `"dormant": {…}`, the values of fields on steps off the path, kept for when the path
  /// returns to them.
  private mutating func dormantValues(_ flow: FlowInstance, on path: FlowPath?) {
    key("dormant")
    beginObject()
    for (position, slot) in flow.slots.enumerated() {
      guard let value = slot.value, Self.isDormant(position, flow, on: path) else { continue }
      key(text: flow.definition.fields[position].id)
      fieldValue(value)
    }
    endObject()
  }

  /// The path to leave dormant values out by: nil when none is (a flow without branches, or
  /// one whose values all lie on its path), so that writing the values checks no field.
  private static func dormancy(_ flow: FlowInstance) -> FlowPath? {
    flow.hasDormantValues ? flow.branchingPath : nil
  }

  /// Whether a field is dormant on `path` (nil: a flow without branches, where none is).
  private static func isDormant(_ position: Int, _ flow: FlowInstance, on path: FlowPath?) -> Bool {
    guard let path else { return false }
    return flow.isDormant(position, on: path)
  }

  /// A payload's constant, as its flow file writes it (a number as written).
  private mutating func payloadConstant(_ constant: PayloadConstant) {
    switch constant {
    case .string(let text): string(text)
    case .number(let parts): number(JSONNumber(JSONNumber.Parts(parts)))
    case .bool(let flag): bool(flag)
    }
  }

  /// A flow field's error, in the flow file's own words (`messages`, the field's) where it gives
  /// them.
  mutating func fieldError(
    _ error: FieldError, messages: [String: LocalizedText], language: Language,
    texts: [String: String]? = nil
  ) {
    fieldError(
      error, language: language,
      message: messages.isEmpty && texts == nil
        ? nil : FieldDefinition.message(of: error, in: language, messages: messages, texts: texts))
  }

  private mutating func fieldInput(_ input: FieldInput) {
    switch input {
    case .null: null()
    case .text(let text): string(text)
    // The number as the client wrote it (`1E+2` comes back as `1e2`).
    case .number(let parts): number(JSONNumber(JSONNumber.Parts(parts)))
    case .bool(let flag): bool(flag)
    case .photo(let photo): self.photo(photo)
    }
  }
}
