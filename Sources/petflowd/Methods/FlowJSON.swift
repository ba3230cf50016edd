import JSONRPC
import PetFlowKit

/// Flows as JSON trees: payloads and exported snapshots (definitions and live snapshots are
/// written straight into answers by `FlowWriter`).
enum FlowJSON {
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
    for (field, value) in flow.storedValues { values.append(field.id, FieldJSON.json(value)) }
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
