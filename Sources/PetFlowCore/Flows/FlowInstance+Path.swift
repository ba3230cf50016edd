/// The path an instance's values make, and the progress shown on its step.
extension FlowInstance {
  /// The steps the values lead through as they now stand, from the first to the last.
  public var path: FlowPath { branchingPath ?? definition.wholePath }

  /// The path of a flow with branches as its values last made it; nil for a flow without (its
  /// path is every step and nothing is dormant), so that the built-in reports work out none.
  public var branchingPath: FlowPath? {
    guard !definition.isLinear else { return nil }
    return FlowPath(stepCount: definition.steps.count, bits: pathBits)
  }

  /// Works the path out again from the values, and whether some are dormant: after every
  /// change of values.
  mutating func refreshPath() {
    guard !definition.isLinear else { return }
    let path = computedPath()
    pathBits = path.bits
    let stepOfField = definition.stepOfField
    // The values' presence, not copies of them.
    hasDormantValues = slots.indices.contains { position in
      guard !path.contains(stepOfField[position]) else { return false }
      if case .some = slots[position].value { return true }
      return false
    }
  }

  /// The path worked out from the values now, not the one kept (a test compares the two).
  package func computedPath() -> FlowPath {
    let count = definition.steps.count
    let routes = definition.routes
    return ValueReader.reading(slots, definition.stepOfField, current: stepIndex) { reader in
      reader.path = FlowPath(stepCount: count, isWhole: false)
      var step = 0
      while step < count {
        // Past the last step that branches, every step follows the one before.
        guard step <= routes.lastBranching else {
          reader.path?.insert(from: step)
          break
        }
        reader.path?.insert(step)
        step = routes.target(of: step, reading: reader)
      }
      return reader.path ?? FlowPath(stepCount: count, isWhole: true)
    }
  }

  /// The step after `step` on `path` (nil: a flow without branches); nil after the last.
  func step(after step: Int, on path: FlowPath?) -> Int? {
    guard let path else { return step + 1 < definition.steps.count ? step + 1 : nil }
    return path.step(after: step)
  }

  /// Whether the field at `position` is dormant: its step is off `path`, so its value is kept
  /// but neither shown, validated nor sent.
  public func isDormant(_ position: Int, on path: FlowPath) -> Bool {
    !path.contains(definition.stepIndex(ofField: position))
  }

  /// The current step's progress: its place among the form steps of the path so far, out of the
  /// form steps of the longest path still possible; nil on a summary. A branch is still open
  /// while a field it tests has no value and its step is not behind the flow, so totals only
  /// shrink as answers come (and grow again only when an answer changes or is taken back).
  public var progress: StepProgress? {
    guard let branchingPath else { return definition.progress(ofStep: stepIndex) }
    return progress(on: branchingPath)
  }

  /// `progress`, for a path already computed.
  public func progress(on path: FlowPath) -> StepProgress? {
    guard !definition.isLinear else { return definition.progress(ofStep: stepIndex) }
    let isForm = definition.isForm
    guard isForm.indices.contains(stepIndex), isForm[stepIndex] else { return nil }
    var current = 0
    for step in 0...stepIndex where isForm[step] && path.contains(step) { current += 1 }
    return StepProgress(current: current, total: current + longestFromHere() - 1)
  }

  /// The most form steps from the current step to the end over the ways still possible. Past
  /// the last step that branches there is one way: the definition's count.
  private func longestFromHere() -> Int {
    let last = definition.routes.lastBranching
    guard stepIndex <= last else { return definition.longestFrom[stepIndex] }
    let routes = definition.routes
    let current = stepIndex
    let definition = definition
    return ValueReader.reading(slots, definition.stepOfField, current: stepIndex) { knowledge in
      withUnsafeTemporaryAllocation(of: Int.self, capacity: last - current + 1) { longest in
        for step in (current...last).reversed() {
          var rest = 0
          routes.forEachPossibleTarget(of: step, knowing: knowledge) { target in
            guard target < definition.steps.count else { return }
            rest = max(
              rest, target > last ? definition.longestFrom[target] : longest[target - current])
          }
          longest[step - current] = (definition.isForm[step] ? 1 : 0) + rest
        }
        return longest[0]
      }
    }
  }

  /// The stored value of the field at `position`, without copying the rest of its slot.
  func value(at position: Int) -> FieldValue? {
    position < slots.count ? slots[position].value : nil
  }
}

/// A flow's values as conditions read them. With a `path` (working it out), a field of a step off
/// it (dormant) reads as absent, as a rejected input does. Without one (the progress), a field with
/// no value is known to be absent only once its step is behind the flow: until then it may still be
/// answered. It reads the arrays through buffer pointers, lent for one computation (`reading`): a
/// reader holding the arrays themselves counted references on every path worked out.
private struct ValueReader: FieldReader {
  let slots: UnsafeBufferPointer<FlowInstance.Slot>
  let stepOfField: UnsafeBufferPointer<Int>
  let current: Int
  var path: FlowPath?

  static func reading<Result>(
    _ slots: [FlowInstance.Slot], _ stepOfField: [Int], current: Int,
    _ body: (inout ValueReader) -> Result
  ) -> Result {
    slots.withUnsafeBufferPointer { slots in
      stepOfField.withUnsafeBufferPointer { stepOfField in
        var reader = ValueReader(slots: slots, stepOfField: stepOfField, current: current)
        return body(&reader)
      }
    }
  }

  func value(_ position: Int) -> FieldValue? {
    guard position < slots.count, path?.contains(stepOfField[position]) ?? true else { return nil }
    return slots[position].value
  }

  func hasValue(_ position: Int) -> Bool {
    guard position < slots.count, path?.contains(stepOfField[position]) ?? true else {
      return false
    }
    if case .none = slots[position].value { return false }
    return true
  }

  func isKnown(_ position: Int) -> Bool {
    path != nil || hasValue(position) || stepOfField[position] < current
  }
}
