/// A condition judged on values as they stand, each field read by id: a field's conditional
/// `required` and a rule's `when`, which are judged on one step's call, not on every path the way
/// `next` is (FlowRoutes.swift compiles those).
extension FlowCondition {
  /// Whether it holds, `value` giving each field's value (nil: empty, rejected or dormant).
  func holds(_ value: (String) -> FieldValue?) -> Bool {
    switch self {
    case .equals(let field, let compared): return value(field) == compared
    case .oneOf(let field, let compared): return value(field).map(compared.contains) ?? false
    case .present(let field): return value(field) != nil
    case .absent(let field): return value(field) == nil
    case .all(let conditions): return conditions.allSatisfy { $0.holds(value) }
    case .any(let conditions): return conditions.contains { $0.holds(value) }
    case .not(let condition): return !condition.holds(value)
    }
  }

  /// The ids of the fields it tests, in order, each once.
  public var fields: [String] {
    var found: [String] = []
    func collect(_ condition: FlowCondition) {
      switch condition {
      case .equals(let field, _), .oneOf(let field, _), .present(let field), .absent(let field):
        if !found.contains(field) { found.append(field) }
      case .all(let conditions), .any(let conditions): conditions.forEach(collect)
      case .not(let inner): collect(inner)
      }
    }
    collect(self)
    return found
  }
}

extension FlowCondition {
  /// The values it compares the field named `id` with (equals, in).
  func comparedValues(of id: String) -> [FieldValue] {
    switch self {
    case .equals(let field, let value): return field == id ? [value] : []
    case .oneOf(let field, let values): return field == id ? values : []
    case .present, .absent: return []
    case .all(let conditions), .any(let conditions):
      return conditions.flatMap { $0.comparedValues(of: id) }
    case .not(let condition): return condition.comparedValues(of: id)
    }
  }
}
