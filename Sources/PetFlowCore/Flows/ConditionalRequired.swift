/// The path proof's view of fields required under a condition: which they are, the fields their
/// conditions test, and the conditions judged on the proof's abstract answers. A field required
/// only where its condition holds is left empty on a path only where it does not.
struct ConditionalRequired {
  /// Each conditionally required field's position with its condition, in field order.
  let conditions: [(position: Int, condition: FlowCondition)]
  private let positionOf: [String: Int]
  private let stepOfField: [Int]

  init(_ definition: FlowDefinition) {
    var conditions: [(position: Int, condition: FlowCondition)] = []
    var positionOf: [String: Int] = [:]
    for (position, field) in definition.fields.enumerated() {
      if positionOf[field.id] == nil { positionOf[field.id] = position }
      if let condition = field.requiredWhen { conditions.append((position, condition)) }
    }
    self.conditions = conditions
    self.positionOf = positionOf
    stepOfField = definition.stepOfField
  }

  /// The positions of the fields `condition` tests.
  func positions(of condition: FlowCondition) -> [Int] {
    condition.fields.compactMap { positionOf[$0] }
  }

  /// The positions of the fields the condition of the field at `position` tests.
  func tested(_ position: Int) -> [Int] {
    conditions.first { $0.position == position }.map { positions(of: $0.condition) } ?? []
  }

  /// The conditionally required fields of `step`.
  func fields(onStep step: Int) -> [Int] {
    conditions.lazy.map { $0.position }.filter { stepOfField[$0] == step }
  }

  /// Whether the field at `position` is required on these answers.
  func holds(_ position: Int, reading reader: some FieldReader) -> Bool {
    guard let condition = conditions.first(where: { $0.position == position })?.condition else {
      return false
    }
    return condition.holds { id in positionOf[id].flatMap(reader.value) }
  }

  /// Whether answers to `own` (the step's fields) can pass the step: none of them is empty where
  /// its condition requires it.
  func allows(_ own: [Int], at step: Int, reading reader: some FieldReader) -> Bool {
    guard !conditions.isEmpty else { return true }
    return own.allSatisfy { position in
      reader.hasValue(position) || !holds(position, reading: reader)
    }
  }
}
