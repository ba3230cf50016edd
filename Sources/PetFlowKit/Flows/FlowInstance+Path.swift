/// The path an instance's values make, and the progress shown on its step.
extension FlowInstance {
  /// The steps the values lead through as they now stand, from the first to the last.
  public var path: FlowPath {
    guard !definition.isLinear else { return definition.wholePath }
    let count = definition.steps.count
    var onPath = [Bool](repeating: false, count: count)
    var steps: [Int] = []
    var index: Int? = count > 0 ? 0 : nil
    while let step = index, step < count {
      steps.append(step)
      onPath[step] = true
      index = following(step) { position in
        // A field of a step off the path (dormant) reads as absent, as does a rejected input.
        onPath[definition.stepOfField[position]] ? slot(position).value : nil
      }
    }
    return FlowPath(steps: steps, isWhole: false)
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
    guard definition.isLinear else { return progress(on: path) }
    return definition.progress(ofStep: stepIndex)
  }

  /// `progress`, for a path already computed.
  public func progress(on path: FlowPath) -> StepProgress? {
    guard definition.isLinear == false else { return definition.progress(ofStep: stepIndex) }
    let steps = definition.steps
    guard steps.indices.contains(stepIndex), steps[stepIndex].kind == .form else { return nil }
    let current = path.steps.count { $0 <= stepIndex && steps[$0].kind == .form }
    // The most form steps from each step to the end, over the ways still possible.
    var longest = [Int](repeating: 0, count: steps.count)
    for index in steps.indices.reversed() where index >= stepIndex {
      let rest = FlowPath.possibleSuccessors(
        of: index, routes: definition.routes, stepCount: steps.count, knowing: knowledge
      ).map { longest[$0] }
      longest[index] = (steps[index].kind == .form ? 1 : 0) + (rest.max() ?? 0)
    }
    return StepProgress(current: current, total: current + longest[stepIndex] - 1)
  }

  /// Where Continue leads from `step`, each field read by `value`; nil after the last step.
  func following(_ step: Int, value: (Int) -> FieldValue?) -> Int? {
    let routes = definition.routes[step]
    let target =
      routes.first { route in route.condition?.holds(reading: value) ?? true }?.target ?? step + 1
    return target < definition.steps.count ? target : nil
  }

  /// What the progress may count on: a field's value; its absence once its step is behind the
  /// flow; otherwise nothing yet.
  private func knowledge(_ position: Int) -> FieldKnowledge {
    if let value = slot(position).value { return .known(value) }
    return definition.stepIndex(ofField: position) < stepIndex ? .known(nil) : .unknown
  }
}
