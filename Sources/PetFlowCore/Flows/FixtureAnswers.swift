/// One step's answers in a path fixture (`check-flows --paths`), made to pass everything the
/// flow judges there: each field's kind and the file's limits, a `required` that holds under a
/// condition, and the step's rules. The path decides what its conditions read (a value, any
/// value but some, or none); every other choice is made here, on concrete values, so it can
/// read the values given on earlier steps as the flow will.
package enum FixtureAnswers {
  package enum Failure: Error, Sendable, Equatable {
    /// No candidate value of the field's kind is valid on the day (and not one the path avoids).
    case noAnswer(field: String)
    /// No answers this step may give make the rule pass (its fields are fixed by the path, on
    /// earlier steps, or no value of their kinds within their limits passes it).
    case unsatisfiable(rule: String)
  }

  /// The values to give at `step`, in its fields' order: what `given` (the path's answers)
  /// says, a valid value for each required field, for each field whose condition requires it
  /// on these values, for both sides of a comparison (so the line exercises the rule), and for
  /// the first free field of an `atLeastOne` none of whose fields is answered; a comparison
  /// that fails has a side this step answers moved to a value that passes.
  package static func values(
    for step: StepDefinition, given: [FlowPathProof.Answer], earlier: [String: FieldValue],
    today: CalendarDate
  ) -> Result<[(field: String, value: FieldValue)], Failure> {
    var answering = StepAnswering(step: step, earlier: earlier, context: FieldContext(today: today))
    do {
      try answering.answer(given)
      try answering.satisfy()
    } catch {
      return .failure(error)
    }
    return .success(
      step.fields.compactMap { field in answering.chosen[field.id].map { (field.id, $0) } })
  }
}

/// The choices of one step, made one field at a time.
private struct StepAnswering {
  let step: StepDefinition
  let earlier: [String: FieldValue]
  let context: FieldContext
  /// The values chosen for this step's fields.
  var chosen: [String: FieldValue] = [:]
  /// Fields whose answer the path decides (a value a condition compares, or none): never moved.
  var fixed: Set<String> = []
  /// Per field, the values the path's conditions must not see.
  var avoided: [String: [FieldValue]] = [:]

  init(step: StepDefinition, earlier: [String: FieldValue], context: FieldContext) {
    self.step = step
    self.earlier = earlier
    self.context = context
  }

  /// A field's value on the path so far, as conditions and rules read it.
  func value(_ id: String) -> FieldValue? { chosen[id] ?? earlier[id] }

  /// The field named `id` when it is on this step: the only ones this step can answer.
  func own(_ id: String) -> FieldDefinition? { step.fields.first { $0.id == id } }

  /// Whether this step may still choose the field's value.
  func isFree(_ id: String) -> Bool { own(id) != nil && !fixed.contains(id) }

  mutating func answer(_ given: [FlowPathProof.Answer]) throws(FixtureAnswers.Failure) {
    for field in step.fields {
      switch given.first(where: { $0.field == field.id })?.value {
      case .absent?:
        fixed.insert(field.id)
      case .value(let value)?:
        chosen[field.id] = value
        fixed.insert(field.id)
      case .otherThan(let compared)?:
        avoided[field.id] = compared
        try fill(field)
      case nil:
        if field.options.required { try fill(field) }
      }
    }
    // A comparison with an empty side is not judged: answer both, so the line tests the rule.
    for rule in step.rules {
      guard case .compare = rule.check else { continue }
      for id in rule.check.fields where chosen[id] == nil && isFree(id) {
        if let field = own(id) { try fill(field) }
      }
    }
  }

  /// Answers what conditions and rules ask for, and moves what a rule refuses, until nothing
  /// changes: each change can change what a condition or an earlier rule reads, so the round
  /// repeats, a bounded number of times (a step asking for more is reported, not looped on).
  mutating func satisfy() throws(FixtureAnswers.Failure) {
    var last: String?
    for _ in 0...(step.fields.count + step.rules.count) {
      var changed = false
      for field in step.fields where chosen[field.id] == nil && isFree(field.id) {
        guard let condition = field.requiredWhen, condition.holds(value) else { continue }
        try fill(field)
        changed = true
      }
      for rule in step.rules where rule.condition?.holds(value) ?? true {
        guard try satisfy(rule) else { continue }
        changed = true
        last = rule.id
      }
      if !changed { return }
    }
    throw .unsatisfiable(rule: last ?? "")
  }

  /// Makes `rule` pass if it fails; whether a value changed.
  private mutating func satisfy(_ rule: StepRule) throws(FixtureAnswers.Failure) -> Bool {
    switch rule.check {
    case .atLeastOne(let ids):
      guard !ids.contains(where: { value($0) != nil }) else { return false }
      guard let field = ids.lazy.filter(isFree).compactMap(own).first else {
        throw .unsatisfiable(rule: rule.id)
      }
      try fill(field)
      return true
    case .compare(let left, let op, let right):
      let rightValue: FieldValue?
      switch right {
      case .field(let id): rightValue = value(id)
      case .value(let literal): rightValue = literal
      case .today: rightValue = .string(context.today.description)
      }
      // As the flow judges it: an empty side, or sides with no order, pass.
      guard let leftValue = value(left), let rightValue,
        let order = ValueOrder.order(leftValue, rightValue, ordering: op.isOrdering),
        !op.holds(order)
      else { return false }
      let leftPasses = { (candidate: FieldValue) in
        ValueOrder.order(candidate, rightValue, ordering: op.isOrdering).map(op.holds) ?? true
      }
      if move(left, near: rightValue, passing: leftPasses) { return true }
      let rightPasses = { (candidate: FieldValue) in
        ValueOrder.order(leftValue, candidate, ordering: op.isOrdering).map(op.holds) ?? true
      }
      if case .field(let id) = right, move(id, near: leftValue, passing: rightPasses) {
        return true
      }
      throw .unsatisfiable(rule: rule.id)
    }
  }

  /// Moves the field named `id`, when this step may, to its first candidate `passing` accepts;
  /// whether it did.
  private mutating func move(
    _ id: String, near: FieldValue, passing: (FieldValue) -> Bool
  ) -> Bool {
    guard isFree(id), let field = own(id),
      let moved = candidate(for: field, near: near, passing: passing)
    else { return false }
    chosen[id] = moved
    return true
  }

  /// Gives `field` its first valid candidate.
  private mutating func fill(_ field: FieldDefinition) throws(FixtureAnswers.Failure) {
    guard let value = candidate(for: field, near: nil, passing: { _ in true }) else {
      throw .noAnswer(field: field.id)
    }
    chosen[field.id] = value
  }

  /// The first value for `field` that its kind and limits accept today, that the path does not
  /// avoid and that `passing` accepts: values beside `near` (the other side of a comparison)
  /// first, then the kind's examples, then the field's own bounds.
  private func candidate(
    for field: FieldDefinition, near: FieldValue?, passing: (FieldValue) -> Bool
  ) -> FieldValue? {
    let avoid = avoided[field.id] ?? []
    var inputs = (near.map(Self.neighbours) ?? []).map(FieldKind.input(for:))
    inputs += field.kind.examples(field.options).map { Self.narrowed($0, field.limits) }
    if let limits = field.limits { inputs += Self.bounds(limits, today: context.today) }
    for input in inputs {
      guard let value = field.read(input, context: context).value, !avoid.contains(value),
        passing(value)
      else { continue }
      return value
    }
    return nil
  }

  /// A value and those either side of it, for a comparison: the day itself, after and before; a
  /// whole number, one more and one less. Other values have only themselves.
  private static func neighbours(_ value: FieldValue) -> [FieldValue] {
    switch value {
    case .string(let text):
      guard let date = CalendarDate(iso: text) else { return [value] }
      return [value]
        + [date.dayAfter, date.dayBefore].compactMap { $0.map { .string($0.description) } }
    case .integer(let number):
      let after = number.addingReportingOverflow(1)
      let before = number.subtractingReportingOverflow(1)
      return [value] + [after, before].filter { !$0.overflow }.map { .integer($0.partialValue) }
    case .decimal, .photo:
      return [value]
    }
  }

  /// A kind's example made to fit what the file narrows: a photo of the first accepted type,
  /// its size the largest allowed (a size is judged only when given: this one is).
  private static func narrowed(_ input: FieldInput, _ limits: FieldLimits?) -> FieldInput {
    guard let limits, case .photo(var photo) = input else { return input }
    if let accepted = limits.accept.first, !limits.accept.contains(photo.mimeType.lowercased()) {
      photo.mimeType = accepted
    }
    if let maxBytes = limits.maxBytes { photo.sizeBytes = maxBytes }
    return .photo(photo)
  }

  /// The bounds a file gives a field, as values: a date's latest and earliest days, an age's
  /// most and fewest years (the kind's own reading refuses what is not of its kind).
  private static func bounds(_ limits: FieldLimits, today: CalendarDate) -> [FieldInput] {
    let days = [limits.notAfter, limits.notBefore].compactMap { $0?.date(today: today) }
    let years = [limits.max, limits.min].compactMap { $0 }
    return days.map { .text($0.description) } + years.map { FieldKind.input(for: .integer($0)) }
  }
}

extension CalendarDate {
  /// The next day; nil after 9999-12-31.
  fileprivate var dayAfter: CalendarDate? {
    if let next = CalendarDate(year: year, month: month, day: day + 1) { return next }
    if let next = CalendarDate(year: year, month: month + 1, day: 1) { return next }
    return CalendarDate(year: year + 1, month: 1, day: 1)
  }

  /// The day before; nil before 0001-01-01.
  fileprivate var dayBefore: CalendarDate? {
    if day > 1 { return CalendarDate(year: year, month: month, day: day - 1) }
    if month > 1 {
      return CalendarDate(
        year: year, month: month - 1, day: Self.days(inMonth: month - 1, year: year))
    }
    return CalendarDate(year: year - 1, month: 12, day: 31)
  }
}
