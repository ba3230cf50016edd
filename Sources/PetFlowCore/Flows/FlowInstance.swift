/// One running flow as a value: its definition, the current step, the values entered,
/// the errors shown. The seeds' coordinator and flow state, without screens. An app usually
/// walks a flow with `FlowSession`, which holds one and speaks typed values and messages.
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

  /// What a flow holds for one field: kept by the field's position in the definition
  /// (`definition.fields`), so that nothing is hashed to find it.
  public struct Slot: Sendable {
    /// The canonical value; nil when empty.
    public internal(set) var value: FieldValue?
    /// The validation error being shown: the current step's, from the last `next`, until the
    /// field changes.
    public internal(set) var error: FieldError?
    /// An input that left no value but an error of its own (a latitude too large to hold, an
    /// age in fractions, a phone number too short): the field fails with that error, not as
    /// empty, and shows what was entered, until it is given again. On the current step and the
    /// steps after it: a flow only moves forward past a step without one.
    public internal(set) var rejected: FieldInput?
  }

  /// The flow this instance walks.
  public let definition: FlowDefinition
  /// Whether the flow is active, submitted or cancelled.
  public internal(set) var status = FlowStatus.active
  /// Whether some field holds a value on a step off the path (its value is dormant), kept
  /// with the path. Declared beside `status` so that the two bytes share one word: a session
  /// keeps every flow inline in its table.
  public internal(set) var hasDormantValues = false
  /// Grows on every change, so a UI can tell a fresh snapshot from a stale one (and a call made
  /// against a stale one can be refused). At most `maxRevision`.
  public internal(set) var revision: Int64 = 1

  /// The largest revision: 2^53 - 1, the largest integer every client reads exactly. A flow
  /// would need that many changes to reach it; there it stops growing.
  public static let maxRevision: Int64 = 9_007_199_254_740_991
  /// The current step's index in the definition's `steps`.
  public internal(set) var stepIndex = 0
  /// One slot per field of the definition, in its order; none at all until something is stored,
  /// so a fresh flow costs no more than its header (10,000 fresh flows: 4 MiB less).
  public internal(set) var slots: [Slot] = []
  /// The path of a flow with branches as its values last made it, as `FlowPath`'s bits:
  /// worked out once whenever values change, not on every call that reads it; eight bytes,
  /// not a path, in each of a session's flows.
  var pathBits: UInt64 = 0

  /// A fresh walk of `definition`, on its first step, every field empty.
  public init(definition: FlowDefinition) {
    self.definition = definition
    refreshPath()
  }

  /// The slot of the field at `position`; an empty one before anything is stored.
  public func slot(_ position: Int) -> Slot {
    position < slots.count ? slots[position] : Slot()
  }

  /// Gives every field its slot, before the first one is written.
  mutating func makeSlots() {
    if slots.isEmpty { slots = Array(repeating: Slot(), count: definition.fields.count) }
  }

  /// The current step.
  public var step: StepDefinition { definition.steps[stepIndex] }

  /// Whether Back goes to a previous step; on the first step it ends the flow instead (the
  /// seed's coordinator dismisses the whole flow there).
  public var canGoBack: Bool { status == .active && stepIndex > 0 }

  /// Stores values for the current step's fields, normalised, without validating or moving.
  /// A field's shown error is dropped when its value changes: it spoke of the old value.
  public mutating func update(_ inputs: [(field: String, input: FieldInput)], context: FieldContext)
    throws(FlowFault)
  {
    try requireActive()
    try store(inputs, context: context)
    if !inputs.isEmpty { bumpRevision() }
  }

  /// Stores the values given, validates the current step, and moves on when it is valid, to the
  /// step its values lead to. On the last step it validates every step on the path and submits.
  public mutating func next(
    _ inputs: [(field: String, input: FieldInput)], context: FieldContext
  ) throws(FlowFault) -> Advance {
    try requireActive()
    try store(inputs, context: context)
    bumpRevision()
    guard showErrors(ofStep: stepIndex, context: context) else { return .stayed }
    let path = branchingPath
    if let following = step(after: stepIndex, on: path) {
      stepIndex = following
      return .moved
    }
    for index in definition.steps.indices
    where path?.contains(index) ?? true && !showErrors(ofStep: index, context: context) {
      stepIndex = index
      return .stayed
    }
    let payload = definition.payload.map { entry in
      let position = definition.position(of: entry.field)
      return PayloadField(
        path: entry.path,
        value: position.flatMap { position in
          path.map { isDormant(position, on: $0) } ?? false ? nil : slot(position).value
        }, constant: entry.constant)
    }
    end(.submitted)
    return .submitted(payload)
  }

  /// Goes back to the previous step on the path as the values now stand, values kept; on the
  /// first step the flow ends as cancelled.
  public mutating func back() throws(FlowFault) {
    try requireActive()
    guard stepIndex > 0 else {
      end(.cancelled)
      return
    }
    show(step: branchingPath.map { $0.step(before: stepIndex) ?? 0 } ?? stepIndex - 1)
  }

  /// Shows the step named `stepId`, values kept, as Back does: any step on the current path
  /// whose earlier steps on it all validate (a check-answers page's "Change", the browser's
  /// Back and Forward). The current step changes nothing.
  public mutating func goto(_ stepId: String, context: FieldContext) throws(FlowFault) {
    try requireActive()
    guard let index = definition.steps.firstIndex(where: { $0.id == stepId }) else {
      throw .unknownStep(stepId)
    }
    guard index != stepIndex else { return }
    let path = branchingPath
    guard path?.contains(index) ?? true else { throw .stepOffPath(stepId) }
    for earlier in 0..<index
    where path?.contains(earlier) ?? true && !isValid(step: earlier, context: context) {
      throw .unreachableStep(step: stepId, failingStep: definition.steps[earlier].id)
    }
    show(step: index)
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
    var candidate = self
    for (id, input) in inputs { candidate.store(input, at: try currentStepPosition(id), context) }
    var result: [String: FieldError] = [:]
    let checked = only ?? (inputs.isEmpty ? step.fields.map { $0.id } : inputs.map { $0.field })
    for id in checked {
      result[id] = candidate.error(at: try currentStepPosition(id), context: context)
    }
    guard definition.hasRules, !step.rules.isEmpty else { return result }
    for (position, error) in candidate.ruleErrors(ofStep: stepIndex, context: context) {
      let id = definition.fields[position].id
      if checked.contains(id), result[id] == nil { result[id] = error }
    }
    return result
  }

  /// Whether a step's fields have no error with the stored values (and rejected inputs).
  func isValid(step index: Int, context: FieldContext) -> Bool {
    definition.fieldPositions[index].allSatisfy { error(at: $0, context: context) == nil }
      && !(definition.hasRules && !ruleErrors(ofStep: index, context: context).isEmpty)
  }

  /// The error of the field at `position`: its rejected input's own, else its stored value's.
  /// Every stored value is a reading's (`store`, or `restoring`, which refuses any other), so
  /// only what depends on the day or on the options can be wrong with it
  /// (ValuePropertyTests checks that this agrees with reading it whole).
  // Inlined where it is called: the check for a conditional `required` made it an outlined
  // call, which cost every flow pair some fifty instructions.
  @inline(__always)
  func error(at position: Int, context: FieldContext) -> FieldError? {
    // The field's kind and options read in place: a copy of the whole field (its id, labels and
    // options) cost a flow pair some hundred instructions.
    if definition.hasRequiredWhen, definition.fields[position].requiredWhen != nil {
      return conditionalError(at: position, context: context)
    }
    if let input = slot(position).rejected {
      return definition.read(input, at: position, context: context).error
    }
    return definition.check(value(at: position), at: position, context: context)
  }

  /// Normalises and stores values for fields of the current step (all checked first, so a
  /// bad field id changes nothing).
  private mutating func store(
    _ inputs: [(field: String, input: FieldInput)], context: FieldContext
  ) throws(FlowFault) {
    for input in inputs { _ = try currentStepPosition(input.field) }
    for (id, input) in inputs {
      let position = try currentStepPosition(id)
      let before = slot(position)
      store(input, at: position, context)
      // An error speaks of a value: it goes when the value changes, and only then (a UI that
      // sends every field of a step must not wipe the errors of the ones nobody touched).
      if slots[position].value != before.value || slots[position].rejected != before.rejected {
        slots[position].error = nil
      }
    }
    refreshPath()
  }

  /// Stores one field's input: its value, or, when it reads to an error instead (anything but
  /// empty), the input itself as rejected, so that what the person entered is never lost.
  mutating func store(_ input: FieldInput, at position: Int, _ context: FieldContext) {
    let reading = definition.read(input, at: position, context: context)
    makeSlots()
    slots[position].value = reading.value
    slots[position].rejected = reading.value == nil && !input.isEmptyText ? input : nil
  }

  /// Sets the errors shown on a step to its fields' errors; true when it has none.
  @inline(__always)
  mutating func showErrors(ofStep index: Int, context: FieldContext) -> Bool {
    var valid = true
    makeSlots()
    for position in definition.fieldPositions[index] {
      slots[position].error = error(at: position, context: context)
      valid = valid && slots[position].error == nil
    }
    guard definition.hasRules else { return valid }
    for (position, error) in ruleErrors(ofStep: index, context: context) {
      slots[position].error = error
      valid = false
    }
    return valid
  }

  /// Moves to another step: the errors shown spoke of the step left. Rejected inputs stay:
  /// they are what the person entered.
  private mutating func show(step index: Int) {
    stepIndex = index
    for position in slots.indices { slots[position].error = nil }
    bumpRevision()
  }

  private mutating func bumpRevision() {
    revision = min(revision, Self.maxRevision - 1) + 1
  }

  private func requireActive() throws(FlowFault) {
    guard status == .active else { throw .ended(status) }
  }

  /// The position of the named field, which must be on the current step.
  func currentStepPosition(_ id: String) throws(FlowFault) -> Int {
    guard let position = definition.position(of: id) else { throw .unknownField(id) }
    let onStep = definition.stepIndex(ofField: position)
    guard onStep == stepIndex else {
      throw .fieldNotOnCurrentStep(field: id, step: definition.steps[onStep].id)
    }
    return position
  }

  private mutating func end(_ ending: FlowStatus) {
    status = ending
    slots = []
    bumpRevision()
  }
}

/// One entry of a submission payload: where it goes and the value (nil when empty).
public struct PayloadField: Sendable {
  /// The payload's member names, outermost first.
  public let path: [String]
  /// The field's value; nil when it was left empty.
  public let value: FieldValue?
  /// The file's constant, sent instead of a field's value.
  public var constant: PayloadConstant? = nil
}

/// A request a flow cannot take: the caller's mistake, not the user's (those are
/// validation errors, carried in results).
public enum FlowFault: Error, Equatable, Sendable {
  /// The flow is submitted or cancelled: only its state can be read.
  case ended(FlowStatus)
  /// A value for a field this flow does not have.
  case unknownField(String)
  /// A value for a field of another step (its step's id given).
  case fieldNotOnCurrentStep(field: String, step: String)
  /// A step this flow does not have (flow/goto).
  case unknownStep(String)
  /// A step that cannot be shown because an earlier one does not validate (its id given).
  case unreachableStep(step: String, failingStep: String)
  /// A step the flow's values do not lead through (flow/goto).
  case stepOffPath(String)
}

/// Where a flow instance is in its life.
public enum FlowStatus: String, Sendable {
  /// Being filled in: every method applies.
  case active
  /// Completed: every step validated and the payload handed out. Values are cleared.
  case submitted
  /// Left by Back on the first step or by cancel. Values are cleared.
  case cancelled
}
