import PetFlowKit

/// A flow walked as an app's screens walk it: each step's fields shown, the user's values given
/// with Continue, until the flow submits its payload.
enum ReportWalk {
  /// Walks `flow` of `flows` with `steps` (one step's values each), then Continue on whatever
  /// remains (a summary), and prints what each step showed and the payload.
  static func run(
    _ flow: String, flows: [FlowDefinition] = FlowDefinition.all,
    steps: [[String: FieldInput]], today: CalendarDate
  ) throws {
    print("== \(flow)")
    var session = try FlowSession(flow: flow, flows: flows, today: today)
    var remaining = steps[...]
    // Bounded: a flow that never ends must not hang the example.
    for _ in 0..<(steps.count + 3) where session.status == .active {
      let fields = session.fields.map { "\($0.id):\($0.kind)\($0.required ? "*" : "")" }
      let progress = session.progress?.label ?? "-"
      let shown = fields.isEmpty ? "" : ": " + fields.joined(separator: " ")
      print("step \(session.stepId) [\(progress)] \(session.title)\(shown)")
      let values = remaining.popFirst() ?? [:]
      guard try session.next(values) else {
        let errors = session.errors.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value.code)" }
        print("stayed: \(errors.joined(separator: ", "))")
        return
      }
    }
    print("status \(session.status)")
    for field in session.payload ?? [] {
      print("payload \(field.path.joined(separator: ".")) = \(describe(field.value))")
    }
  }
}

/// A stored value as one line: what an app would put in its request to the server.
func describe(_ value: FieldValue?) -> String {
  switch value {
  case nil: "nil"
  case .string(let text): "\"\(text)\""
  case .integer(let number): "\(number)"
  case .decimal(let number): "\(number)"
  case .photo(let photo): "photo \(photo.uri) (\(photo.mimeType))"
  }
}
