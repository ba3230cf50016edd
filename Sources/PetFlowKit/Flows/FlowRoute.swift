/// A step's `next` entry as the path is computed from it on every call: its target as a step
/// index and its condition with field ids resolved to positions in the definition's `fields`.
struct FlowRoute: Sendable {
  /// Always taken when nil (the default entry).
  let condition: ResolvedCondition?
  let target: Int
}

/// What a path computation knows of one field.
enum FieldKnowledge {
  /// Its value, or nil: known to be absent.
  case known(FieldValue?)
  /// Not answered yet: it may still take any value, or none.
  case unknown
}

/// A `FlowCondition` with positions for field ids. Nesting is as deep as the definition's
/// conditions (a flow file's at most `FlowLimits`' depth), so evaluating recurses that far only.
indirect enum ResolvedCondition: Sendable {
  enum Test: Sendable {
    case equals(FieldValue)
    case oneOf([FieldValue])
    case present
    case absent

    func holds(_ value: FieldValue?) -> Bool {
      switch self {
      case .equals(let wanted): return value == wanted
      case .oneOf(let wanted): return value.map(wanted.contains) ?? false
      case .present: return value != nil
      case .absent: return value == nil
      }
    }
  }

  case test(position: Int, Test)
  /// A test of a field the flow does not have (only a definition built in code can hold one):
  /// the field reads as absent.
  case constant(Bool)
  case all([ResolvedCondition])
  case any([ResolvedCondition])
  case not(ResolvedCondition)

  init(_ condition: FlowCondition, position: (String) -> Int?) {
    func test(_ field: String, _ test: Test) -> ResolvedCondition {
      guard let found = position(field) else { return .constant(test.holds(nil)) }
      return .test(position: found, test)
    }
    switch condition {
    case .equals(let field, let value): self = test(field, .equals(value))
    case .oneOf(let field, let values): self = test(field, .oneOf(values))
    case .present(let field): self = test(field, .present)
    case .absent(let field): self = test(field, .absent)
    case .all(let conditions): self = .all(conditions.map { Self($0, position: position) })
    case .any(let conditions): self = .any(conditions.map { Self($0, position: position) })
    case .not(let condition): self = .not(Self(condition, position: position))
    }
  }

  /// Whether it holds, each field read as its value (nil: absent).
  func holds(reading value: (Int) -> FieldValue?) -> Bool {
    switch self {
    case .test(let position, let test): return test.holds(value(position))
    case .constant(let result): return result
    case .all(let conditions): return conditions.allSatisfy { $0.holds(reading: value) }
    case .any(let conditions): return conditions.contains { $0.holds(reading: value) }
    case .not(let condition): return !condition.holds(reading: value)
    }
  }

  /// Whether it holds, in three-valued (Kleene) logic: nil when the answer depends on a field
  /// not known yet.
  func verdict(knowing knowledge: (Int) -> FieldKnowledge) -> Bool? {
    switch self {
    case .test(let position, let test):
      guard case .known(let value) = knowledge(position) else { return nil }
      return test.holds(value)
    case .constant(let result): return result
    case .all(let conditions): return Self.verdict(of: conditions, settledBy: false, knowledge)
    case .any(let conditions): return Self.verdict(of: conditions, settledBy: true, knowledge)
    case .not(let condition): return condition.verdict(knowing: knowledge).map { !$0 }
    }
  }

  /// `all` (settled by a part that fails) or `any` (by one that holds): settled as soon as a
  /// part settles it; else unknown when a part is; else the other way.
  private static func verdict(
    of conditions: [ResolvedCondition], settledBy settling: Bool,
    _ knowledge: (Int) -> FieldKnowledge
  ) -> Bool? {
    var result: Bool? = !settling
    for condition in conditions {
      switch condition.verdict(knowing: knowledge) {
      case settling?: return settling
      case nil: result = nil
      case _?: break
      }
    }
    return result
  }

  /// The positions of the fields it tests.
  var positions: [Int] {
    switch self {
    case .test(let position, _): return [position]
    case .constant: return []
    case .all(let conditions), .any(let conditions): return conditions.flatMap(\.positions)
    case .not(let condition): return condition.positions
    }
  }

  /// The values it compares the field at `position` with.
  func comparedValues(at position: Int) -> [FieldValue] {
    switch self {
    case .test(position, .equals(let value)): return [value]
    case .test(position, .oneOf(let values)): return values
    case .test, .constant: return []
    case .all(let conditions), .any(let conditions):
      return conditions.flatMap { $0.comparedValues(at: position) }
    case .not(let condition): return condition.comparedValues(at: position)
    }
  }
}
