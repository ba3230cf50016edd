import JSONRPC
import PetFlowKit

/// Flows as JSON: definitions for `flow/list`, snapshots, payloads, exported snapshots.
enum FlowJSON {
  // MARK: - Definitions

  static func json(_ definition: FlowDefinition, locale: PetFlowKit.Locale) -> JSONValue {
    .object(
      JSONObject([
        ("id", .string(definition.id)),
        ("version", .int(definition.version)),
        ("steps", .array(definition.steps.indices.map { step(definition, $0, locale: locale) })),
      ]))
  }

  static func step(_ definition: FlowDefinition, _ index: Int, locale: PetFlowKit.Locale)
    -> JSONValue
  {
    let step = definition.steps[index]
    return .object(
      JSONObject([
        ("id", .string(step.id)),
        ("index", .int(index)),
        ("kind", .string(step.kind.rawValue)),
        ("title", .string(step.title.text(in: locale))),
        ("progress", progress(definition.progress(ofStep: index))),
        ("fields", .array(step.fields.map { field($0, locale: locale) })),
      ]))
  }

  static func progress(_ progress: StepProgress?) -> JSONValue {
    guard let progress else { return .null }
    return .object(
      JSONObject([
        ("current", .int(progress.current)), ("total", .int(progress.total)),
        ("label", .string(progress.label)),
      ]))
  }

  static func field(_ field: FieldDefinition, locale: PetFlowKit.Locale) -> JSONValue {
    let info = field.kind.info
    var object = JSONObject(minimumCapacity: 8)
    object.append("id", .string(field.id))
    object.append("kind", .string(field.kind.rawValue))
    object.append("label", .string(field.label.text(in: locale)))
    object.append("required", .bool(field.options.required))
    object.append("placeholder", .string(info.placeholder))
    object.append("keyboard", .string(info.keyboard))
    object.append(
      "maxLength", (field.options.maxLength ?? info.maxLength).map(JSONValue.int) ?? .null)
    object.append("options", FieldJSON.json(info.options, locale: locale))
    return .object(object)
  }

  // MARK: - Snapshots

  /// `{flowId, flow, version, status, rev, step, values, display, errors, canBack}`.
  static func snapshot(_ id: String, _ flow: FlowInstance, locale: PetFlowKit.Locale) -> JSONValue {
    let definition = flow.definition
    guard flow.status == .active else {
      return snapshot(
        id,
        ended: FlowStore.Ending(
          flow: definition.id, version: definition.version, status: flow.status,
          revision: flow.revision))
    }
    var values = JSONObject(minimumCapacity: flow.values.count)
    var display = JSONObject(minimumCapacity: flow.values.count)
    // Field order, not dictionary order: snapshots read the same every time.
    for step in definition.steps {
      for field in step.fields {
        guard let value = flow.values[field.id] else { continue }
        values.append(field.id, FieldJSON.json(value))
        display.append(field.id, .string(field.kind.display(of: value)))
      }
    }
    var errors = JSONObject(minimumCapacity: flow.errors.count)
    for field in flow.step.fields {
      if let error = flow.errors[field.id] {
        errors.append(field.id, FieldJSON.json(error, locale: locale))
      }
    }
    return header(
      id, definition.id, definition.version, flow.status, flow.revision,
      [
        ("step", step(definition, flow.stepIndex, locale: locale)),
        ("values", .object(values)),
        ("display", .object(display)),
        ("errors", .object(errors)),
        ("canBack", .bool(flow.canGoBack)),
      ])
  }

  /// An ended flow: its status, and no step or values.
  static func snapshot(_ id: String, ended: FlowStore.Ending) -> JSONValue {
    header(
      id, ended.flow, ended.version, ended.status, ended.revision,
      [
        ("step", .null), ("values", [:]), ("display", [:]), ("errors", [:]), ("canBack", false),
      ])
  }

  private static func header(
    _ id: String, _ flow: String, _ version: Int, _ status: FlowStatus, _ revision: Int,
    _ rest: [(String, JSONValue)]
  ) -> JSONValue {
    .object(
      JSONObject(
        [
          ("flowId", .string(id)), ("flow", .string(flow)), ("version", .int(version)),
          ("status", .string(status.rawValue)), ("rev", .int(revision)),
        ] + rest))
  }

  /// The payload as nested objects, following each entry's path.
  static func payload(_ fields: [PayloadField]) -> JSONValue {
    var root = JSONObject(minimumCapacity: fields.count)
    for field in fields { insert(FieldJSON.json(field.value), at: field.path[...], into: &root) }
    return .object(root)
  }

  private static func insert(
    _ value: JSONValue, at path: ArraySlice<String>, into object: inout JSONObject
  ) {
    guard let name = path.first else { return }
    guard path.count > 1 else {
      object[name] = value
      return
    }
    var child = object[name]?.objectValue ?? JSONObject()
    insert(value, at: path.dropFirst(), into: &child)
    object[name] = .object(child)
  }

  // MARK: - Export

  static let snapshotFormat = 1

  /// A self-contained snapshot for `flow/import`: the definition id and version, the step,
  /// the canonical values, the fields whose errors were shown, the revision, and, only when
  /// there are any, the inputs kept `rejected` (their errors are shown from them).
  static func export(_ id: String, _ flow: FlowInstance) -> JSONValue {
    var values = JSONObject(minimumCapacity: flow.values.count)
    for step in flow.definition.steps {
      for field in step.fields {
        if let value = flow.values[field.id] { values.append(field.id, FieldJSON.json(value)) }
      }
    }
    let shown = flow.step.fields.map(\.id).filter { flow.errors[$0] != nil }
    var snapshot = JSONObject([
      ("snapshotFormat", .int(snapshotFormat)),
      ("flowId", .string(id)),
      ("flow", .string(flow.definition.id)),
      ("version", .int(flow.definition.version)),
      ("step", .string(flow.step.id)),
      ("rev", .int(flow.revision)),
      ("values", .object(values)),
      ("errors", .array(shown.map { .string($0) })),
    ])
    var rejected = JSONObject(minimumCapacity: flow.rejected.count)
    for field in flow.step.fields {
      if let input = flow.rejected[field.id] { rejected.append(field.id, json(input)) }
    }
    if !rejected.isEmpty { snapshot.append("rejected", .object(rejected)) }
    return .object(snapshot)
  }

  /// An input as the client sent it.
  private static func json(_ input: FieldInput) -> JSONValue {
    switch input {
    case .null: return .null
    case .text(let text): return .string(text)
    // Number text as the JSON reader gave it; written back as that number.
    case .number(let text): return FieldJSON.json(FieldValue.decimal(text))
    case .bool(let flag): return .bool(flag)
    case .photo(let photo): return FieldJSON.json(photo)
    }
  }
}
