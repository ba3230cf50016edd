/// One running flow as a value: its definition, the current step, the values entered,
/// the errors shown. The seeds' coordinator and flow state, without screens.
public struct FlowInstance: Sendable {
  /// What `next` did.
  public enum Advance: Sendable {
    /// The step validated; the flow moved to the next step.
    case moved
    /// Validation failed: the flow stays (or, on completion, lands on the first failing
    /// step) and `errors` says why.
    case stayed
    /// Every step validated: the flow is submitted and this is what it submits.
    case submitted([PayloadField])
  }

  public let definition: FlowDefinition
  public internal(set) var status = FlowStatus.active
  /// Grows on every change, so a UI can tell a fresh snapshot from a stale one (and a call made
  /// against a stale one can be refused). At most `maxRevision`.
  public internal(set) var revision = 1

  /// The largest revision: 2^53 - 1, the largest integer every client reads exactly. A flow
  /// would need that many changes to reach it; there it stops growing.
  public static let maxRevision = 9_007_199_254_740_991
  public internal(set) var stepIndex = 0
  /// Canonical values by field id; a field without a value is absent.
  public internal(set) var values: [String: FieldValue] = [:]
  /// The validation errors being shown, by field id: the current step's, from the last
  /// `next`, until the field changes.
  public internal(set) var errors: [String: FieldError] = [:]
  /// Inputs that left no value but an error of their own (a latitude too large to hold, an
  /// age in fractions, a species not on the list), by field id: the field fails with that
  /// error, not as empty, until it is given again. Only ever the current step's fields.
  public internal(set) var rejected: [String: FieldInput] = [:]

  public init(definition: FlowDefinition) {
    self.definition = definition
  }

  public var step: StepDefinition { definition.steps[stepIndex] }

  /// Whether Back goes to a previous step; on the first step it ends the flow instead (the
  /// seed's coordinator dismisses the whole flow there).
  public var canGoBack: Bool { status == .active && stepIndex > 0 }

  // MARK: - Navigation

  /// Stores values for the current step's fields, normalised, without validating or moving.
  /// An updated field's shown error is dropped: it spoke of the old value.
  public mutating func update(_ inputs: [(field: String, input: FieldInput)], context: FieldContext)
    throws(FlowFault)
  {
    try requireActive()
    try store(inputs, context: context)
    if !inputs.isEmpty { bumpRevision() }
  }

  /// Stores the values given, validates the current step, and moves on when it is valid.
  /// On the last step it validates every step and submits.
  public mutating func next(
    _ inputs: [(field: String, input: FieldInput)], context: FieldContext
  ) throws(FlowFault) -> Advance {
    try requireActive()
    try store(inputs, context: context)
    bumpRevision()
    errors = validation(ofStep: stepIndex, context: context)
    guard errors.isEmpty else { return .stayed }
    guard stepIndex == definition.steps.count - 1 else {
      stepIndex += 1
      return .moved
    }
    for index in definition.steps.indices {
      let stepErrors = validation(ofStep: index, context: context)
      if !stepErrors.isEmpty {
        stepIndex = index
        errors = stepErrors
        return .stayed
      }
    }
    let payload = self.payload
    end(.submitted)
    return .submitted(payload)
  }

  /// Goes back one step, values kept; on the first step the flow ends as cancelled.
  public mutating func back() throws(FlowFault) {
    try requireActive()
    guard stepIndex > 0 else {
      end(.cancelled)
      return
    }
    stepIndex -= 1
    errors = [:]
    rejected = [:]
    bumpRevision()
  }

  /// Ends the flow as cancelled and clears its values.
  public mutating func cancel() throws(FlowFault) {
    try requireActive()
    end(.cancelled)
  }

  /// The errors the given values would have, with stored values for the fields not given;
  /// changes nothing. `only` restricts which fields are checked (default: those given, or
  /// the whole step when none are).
  public func validate(
    _ inputs: [(field: String, input: FieldInput)], only: [String]?, context: FieldContext
  ) throws(FlowFault) -> [String: FieldError] {
    try requireActive()
    let given = try currentStepFields(inputs.map(\.field))
    var candidate = self
    for ((_, input), field) in zip(inputs, given) { candidate.store(input, for: field, context) }
    let checked: [FieldDefinition]
    if let only {
      checked = try currentStepFields(only)
    } else {
      checked = inputs.isEmpty ? step.fields : given
    }
    var result: [String: FieldError] = [:]
    for field in checked { result[field.id] = candidate.error(of: field, context: context) }
    return result
  }

  // MARK: - Derived

  /// The errors a step's fields have with the stored values (and rejected inputs).
  public func validation(ofStep index: Int, context: FieldContext) -> [String: FieldError] {
    guard definition.steps.indices.contains(index) else { return [:] }
    var result: [String: FieldError] = [:]
    for field in definition.steps[index].fields {
      if let error = error(of: field, context: context) { result[field.id] = error }
    }
    return result
  }

  /// A field's error: its rejected input's own, else its stored value's. Every stored value is
  /// one `normalize` produced (`store`, or `restoring`, which refuses any other).
  func error(of field: FieldDefinition, context: FieldContext) -> FieldError? {
    if let input = rejected[field.id],
      let error = field.kind.normalize(input, options: field.options, context: context).error
    {
      return error
    }
    return field.kind.validate(
      normalized: values[field.id], options: field.options, context: context)
  }

  /// What the flow submits: every payload entry, with `nil` for a field left empty.
  public var payload: [PayloadField] {
    definition.payload.map { PayloadField(path: $0.path, value: values[$0.field]) }
  }

  /// The stored values in field order (definition order, not dictionary order), so that
  /// snapshots and exports read the same every time.
  public var storedValues: [(field: FieldDefinition, value: FieldValue)] {
    var stored: [(field: FieldDefinition, value: FieldValue)] = []
    stored.reserveCapacity(values.count)
    for step in definition.steps {
      for field in step.fields {
        if let value = values[field.id] { stored.append((field, value)) }
      }
    }
    return stored
  }

  /// The value formatted for its control ("12345-67890-12345").
  public func display(_ fieldId: String) -> String? {
    guard let value = values[fieldId], let field = definition.field(fieldId)?.field else {
      return nil
    }
    return field.kind.display(of: value)
  }

  // MARK: - Internals

  /// Normalises and stores values for fields of the current step (all checked first, so a
  /// bad field id changes nothing).
  private mutating func store(
    _ inputs: [(field: String, input: FieldInput)], context: FieldContext
  ) throws(FlowFault) {
    for input in inputs { _ = try currentStepField(input.field) }
    for (id, input) in inputs {
      let field = try currentStepField(id)
      store(input, for: field, context)
      // Removing a key, even from an empty dictionary, hashes it: a few hundred instructions.
      if !errors.isEmpty { errors[field.id] = nil }
    }
  }

  /// Stores one field's input: its value, or, when it leaves no value but an error of its
  /// own (not just the one an empty field gets), the input as rejected.
  mutating func store(_ input: FieldInput, for field: FieldDefinition, _ context: FieldContext) {
    let normalized = field.kind.normalize(input, options: field.options, context: context)
    values[field.id] = normalized.value
    let isRejected =
      normalized.value == nil && normalized.error != nil
      && normalized.error != field.kind.validate(nil, options: field.options, context: context)
    if isRejected {
      rejected[field.id] = input
    } else if !rejected.isEmpty {
      rejected[field.id] = nil
    }
  }

  private mutating func bumpRevision() {
    revision = min(revision, Self.maxRevision - 1) + 1
  }

  private func requireActive() throws(FlowFault) {
    guard status == .active else { throw .ended(status) }
  }

  /// The definitions of the named fields, which must all be on the current step.
  private func currentStepFields(_ ids: [String]) throws(FlowFault) -> [FieldDefinition] {
    var fields: [FieldDefinition] = []
    for id in ids { fields.append(try currentStepField(id)) }
    return fields
  }

  /// The definition of the named field, which must be on the current step.
  private func currentStepField(_ id: String) throws(FlowFault) -> FieldDefinition {
    guard let field = definition.steps[stepIndex].fields.first(where: { $0.id == id }) else {
      guard let elsewhere = definition.field(id) else { throw .unknownField(id) }
      throw .fieldNotOnCurrentStep(field: id, step: definition.steps[elsewhere.stepIndex].id)
    }
    return field
  }

  private mutating func end(_ ending: FlowStatus) {
    status = ending
    values = [:]
    errors = [:]
    rejected = [:]
    bumpRevision()
  }
}

/// One entry of a submission payload: where it goes and the value (nil when empty).
public struct PayloadField: Sendable {
  public let path: [String]
  public let value: FieldValue?
}
