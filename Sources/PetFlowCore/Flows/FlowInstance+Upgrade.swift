/// Bringing a snapshot of an older version of a flow to this version: its values renamed or dropped
/// as the definition's upgrade says, each re-judged as an import judges it, and the flow landing no
/// further than the snapshot's step and no further than the first step on the path that fails.
extension FlowInstance {
  /// Why a value of an older snapshot did not come across.
  package enum UpgradeLoss: Sendable, Equatable {
    /// The upgrade drops the field.
    case dropped
    /// No field of this version has its id (after the upgrade's renames).
    case noSuchField(String)
    /// Not a value this version's field stores (its kind, options or cap changed).
    case invalidValue
    /// Another value of the snapshot already came across for this field.
    case duplicate(String)
    /// An input the old step had rejected: never carried across an upgrade.
    case rejectedInput
  }

  /// A live instance of `definition` from a snapshot of the version `upgrade` starts from,
  /// and the fields whose values (or rejected inputs) did not come across, in snapshot order.
  package static func upgrading(
    _ definition: FlowDefinition, with upgrade: FlowUpgrade, stepId: String,
    values inputs: [(field: String, input: FieldInput)],
    rejected: [(field: String, input: FieldInput)], revision: Int64, context: FieldContext
  ) -> (flow: FlowInstance, losses: [(field: String, loss: UpgradeLoss)]) {
    var flow = FlowInstance(definition: definition)
    flow.makeSlots()
    var losses: [(field: String, loss: UpgradeLoss)] = []
    var filled = [Bool](repeating: false, count: definition.fields.count)
    for (oldId, input) in inputs {
      if case .null = input { continue }
      guard !upgrade.drops.contains(oldId) else {
        losses.append((oldId, .dropped))
        continue
      }
      let id = upgrade.renames.first { $0.old == oldId }?.new ?? oldId
      guard let position = definition.position(of: id) else {
        losses.append((oldId, .noSuchField(id)))
        continue
      }
      guard !filled[position] else {
        losses.append((oldId, .duplicate(id)))
        continue
      }
      let field = definition.fields[position]
      // Judged as an import judges it: a date stored before today turned is still the date.
      let reading = field.kind.readStored(input, options: field.options, context: context)
      let storedDate = reading.error == FieldError(.dateInFuture) ? input.text : nil
      guard let value = reading.value ?? storedDate.map(FieldValue.string) else {
        losses.append((oldId, .invalidValue))
        continue
      }
      flow.slots[position].value = value
      filled[position] = true
    }
    losses += rejected.map { ($0.field, .rejectedInput) }
    flow.refreshPath()
    let path = flow.path
    let step = definition.steps.firstIndex { $0.id == stepId }
    let goal = step.flatMap { path.contains($0) ? $0 : nil } ?? path.steps.last ?? 0
    flow.stepIndex = goal
    for index in path.steps where index < goal {
      // The first step that fails is where the person has something to fix: its errors show.
      if !flow.showErrors(ofStep: index, context: context) {
        flow.stepIndex = index
        break
      }
    }
    flow.revision = min(max(1, revision), Self.maxRevision)
    return (flow, losses)
  }
}
