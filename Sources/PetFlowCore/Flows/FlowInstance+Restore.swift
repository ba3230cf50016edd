/// Rebuilding a flow instance from an exported snapshot, refusing any state the flow could
/// not have reached by itself.
extension FlowInstance {
  /// Why a snapshot was refused.
  package enum RestoreFault: Error, Equatable, Sendable {
    case unknownStep(String)
    case unknownField(String)
    /// A value that is not a canonical value of its field (wrong type, cut, or filtered).
    case invalidValue(field: String)
    /// A step before the current one does not validate, so the current one is unreachable.
    case unreachableStep(step: String, failingStep: String)
    /// The values do not lead through the step.
    case stepOffPath(String)
  }

  /// A live instance at `stepId` with `values` and the `rejected` inputs of its step, the steps
  /// after it and the steps off its path, its revision carried on. The errors listed in
  /// `shownErrors` are recomputed from the values and rejected inputs, never taken on trust.
  package init(
    restoring definition: FlowDefinition, stepId: String,
    values inputs: [(field: String, input: FieldInput)],
    rejected: [(field: String, input: FieldInput)] = [], shownErrors: [String], revision: Int64,
    context: FieldContext
  ) throws(RestoreFault) {
    guard let index = definition.steps.firstIndex(where: { $0.id == stepId }) else {
      throw .unknownStep(stepId)
    }
    self.init(definition: definition)
    makeSlots()
    for (fieldId, input) in inputs {
      guard let position = definition.position(of: fieldId) else { throw .unknownField(fieldId) }
      if case .null = input { continue }
      let field = definition.fields[position]
      // Export writes each value as itself: anything the field would still read differently
      // (`12a3`, a chip number sent as a number, seven decimals) was not written by export.
      let reading = field.kind.readStored(input, options: field.options, context: context)
      // A date stored yesterday may be after today's today: still the value, failing as it is.
      let storedDate = reading.error == FieldError(.dateInFuture) ? input.text : nil
      guard let value = reading.value ?? storedDate.map(FieldValue.string) else {
        throw .invalidValue(field: fieldId)
      }
      slots[position].value = value
    }
    // The path comes from the values alone (a rejected input reads as absent), so it is known
    // before the rejected inputs are placed.
    refreshPath()
    let path = branchingPath
    for (fieldId, input) in rejected {
      guard let position = definition.position(of: fieldId) else { throw .unknownField(fieldId) }
      // Rejected inputs stand on the current step or after it, or on a step the path left
      // after they were entered, and never beside a value.
      let onStep = definition.stepIndex(ofField: position)
      let placed = onStep >= index || path.map { isDormant(position, on: $0) } ?? false
      guard placed, slots[position].value == nil else { throw .invalidValue(field: fieldId) }
      store(input, at: position, context)
      guard slots[position].rejected != nil else { throw .invalidValue(field: fieldId) }
    }
    guard path?.contains(index) ?? true else { throw .stepOffPath(stepId) }
    for earlier in 0..<index
    where path?.contains(earlier) ?? true && !isValid(step: earlier, context: context) {
      throw .unreachableStep(step: stepId, failingStep: definition.steps[earlier].id)
    }
    stepIndex = index
    for fieldId in shownErrors {
      guard let position = definition.position(of: fieldId) else { throw .unknownField(fieldId) }
      if definition.fieldPositions[index].contains(position) {
        slots[position].error = error(at: position, context: context)
      }
    }
    self.revision = min(max(1, revision), Self.maxRevision)
  }
}
