/// What a flow judges beyond each field's own reading: a `required` that holds only under a
/// condition, and a step's rules across fields (StepRule.swift). A step with neither costs a
/// check of an empty list.
extension FlowInstance {
  /// The stored value of the field named `id` as conditions read it: nil when it is empty, a
  /// rejected input, or on a step off the path (dormant).
  func conditionValue(_ id: String) -> FieldValue? {
    guard let position = definition.position(of: id) else { return nil }
    if let path = branchingPath, isDormant(position, on: path) { return nil }
    return value(at: position)
  }

  /// Whether the field at `position` is required with the values as they stand (drafts
  /// included): always, never, or where its condition holds.
  public func isRequired(_ position: Int) -> Bool {
    guard definition.fields.indices.contains(position) else { return false }
    guard let condition = definition.fields[position].requiredWhen else {
      return definition.fields[position].options.required
    }
    return condition.holds(conditionValue)
  }

  /// `error(at:)` for a field required under a condition: the same judgement, required as the
  /// condition now says.
  func conditionalError(at position: Int, context: FieldContext) -> FieldError? {
    let field = definition.fields[position]
    var options = field.options
    options.required = isRequired(position)
    // Then what the flow narrows, as `FlowDefinition.read` and `check` judge every other field.
    if let input = slot(position).rejected {
      let reading = field.kind.read(input, options: options, context: context)
      return FieldDefinition.narrowed(reading, field.extras, context: context).error
    }
    let stored = value(at: position)
    if let error = field.kind.check(stored, options: options, context: context) { return error }
    return field.extras?.error(of: stored, context: context)
  }

  /// The errors step `index`'s rules give, in field order of first failure: each rule judged
  /// where its `when` holds and no field it names has an error of its own; the first failing
  /// rule for a field wins.
  func ruleErrors(ofStep index: Int, context: FieldContext) -> [(position: Int, error: FieldError)]
  {
    var found: [(position: Int, error: FieldError)] = []
    for rule in definition.steps[index].rules {
      guard let target = definition.position(of: rule.field),
        !found.contains(where: { $0.position == target }),
        rule.condition?.holds(conditionValue) ?? true
      else { continue }
      let named = rule.check.fields.compactMap(definition.position(of:))
      guard named.allSatisfy({ error(at: $0, context: context) == nil }) else { continue }
      if !passes(rule.check, today: context.today) {
        found.append((target, rule.error))
      }
    }
    return found
  }

  /// Whether a rule's check passes on the values as they stand.
  private func passes(_ check: StepRule.Check, today: CalendarDate) -> Bool {
    switch check {
    case .atLeastOne(let fields):
      return fields.contains { conditionValue($0) != nil }
    case .compare(let left, let op, let right):
      let rightValue: FieldValue?
      switch right {
      case .field(let id): rightValue = conditionValue(id)
      case .value(let value): rightValue = value
      case .today: rightValue = .string(today.description)
      }
      // An empty side is `required`'s business, not the rule's.
      guard let leftValue = conditionValue(left), let rightValue,
        let order = ValueOrder.order(leftValue, rightValue, ordering: op.isOrdering)
      else { return true }
      return op.holds(order)
    }
  }
}

/// How two stored values of one kind compare: dates (`YYYY-MM-DD`, whose text order is their
/// order) and numbers by value (`52.23` equals `52.2300`), anything else only as equal or not.
enum ValueOrder {
  /// -1, 0 or 1; nil when `ordering` asks for an order two such values do not have.
  static func order(_ left: FieldValue, _ right: FieldValue, ordering: Bool) -> Int? {
    switch (left, right) {
    case (.integer(let a), .integer(let b)): return a < b ? -1 : (a > b ? 1 : 0)
    case (.decimal(let a), .decimal(let b)): return order(a, b)
    case (.string(let a), .string(let b)):
      if ordering, CalendarDate(iso: a) == nil || CalendarDate(iso: b) == nil { return nil }
      return a < b ? -1 : (a > b ? 1 : 0)
    default:
      return ordering ? nil : (left == right ? 0 : 1)
    }
  }

  private static func order(_ a: DecimalNumber, _ b: DecimalNumber) -> Int {
    if a.negative != b.negative { return a.negative ? -1 : 1 }
    let scale = max(a.scale, b.scale)
    let x = scaled(a.significand, by: scale - a.scale)
    let y = scaled(b.significand, by: scale - b.scale)
    let magnitude = x < y ? -1 : (x > y ? 1 : 0)
    return a.negative ? -magnitude : magnitude
  }

  /// `value` times 10^`power`, saturating (a kind keeps at most ten digits, so it never does).
  private static func scaled(_ value: UInt64, by power: Int) -> UInt64 {
    var result = value
    for _ in 0..<max(0, power) {
      let (product, overflow) = result.multipliedReportingOverflow(by: 10)
      if overflow { return .max }
      result = product
    }
    return result
  }
}
