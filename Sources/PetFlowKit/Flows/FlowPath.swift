/// The steps a flow goes through, in order. An instance's path is computed from its values on
/// every call, never kept from its history, so Back after a branch cannot land on a skipped
/// step, and the values of steps off the path are dormant.
public struct FlowPath: Sendable {
  /// Step indices, ascending: a `next` only goes forward.
  public let steps: [Int]
  /// Every step is on it (a flow without branches), so nothing is dormant.
  public let isWhole: Bool

  public func contains(_ step: Int) -> Bool { isWhole || steps.contains(step) }

  /// The step that follows `step` on the path; nil after its last step.
  public func step(after step: Int) -> Int? {
    if isWhole { return step + 1 < steps.count ? step + 1 : nil }
    return steps.first { $0 > step }
  }

  /// The step before `step` on the path; nil before its first.
  public func step(before step: Int) -> Int? {
    if isWhole { return step > 0 ? step - 1 : nil }
    return steps.last { $0 < step }
  }

  /// Where a step may go next, by its routes (the following step when it has none): every
  /// target whose condition holds or may yet hold, up to the first that surely holds.
  static func possibleSuccessors(
    of step: Int, routes: [[FlowRoute]], stepCount: Int, knowing: (Int) -> FieldKnowledge
  ) -> [Int] {
    var targets: [Int] = []
    for route in routes[step] {
      switch route.condition.map({ $0.verdict(knowing: knowing) }) ?? true {
      case true?:
        targets.append(route.target)
        return targets
      case nil: targets.append(route.target)
      case false?: break
      }
    }
    // No entry surely holds (a step without `next`, or one built in code without a default).
    if step + 1 < stepCount { targets.append(step + 1) }
    return targets
  }

  /// The progress `flow/list` shows on each step, before any answer: its place among the form
  /// steps of the longest path through it. A flow without branches numbers its form steps
  /// 1 to n.
  static func listedProgress(steps: [StepDefinition], routes: [[FlowRoute]]) -> [StepProgress?] {
    let counts = steps.map { $0.kind == .form ? 1 : 0 }
    // The most form steps on a path from the first step to each one, and from each to the end.
    var toStep = [Int](repeating: -1, count: steps.count)
    var fromStep = [Int](repeating: 0, count: steps.count)
    let successors = steps.indices.map { index in
      possibleSuccessors(of: index, routes: routes, stepCount: steps.count) { _ in .unknown }
    }
    if !steps.isEmpty { toStep[0] = counts[0] }
    for index in steps.indices where toStep[index] >= 0 {
      for target in successors[index] where steps.indices.contains(target) {
        toStep[target] = max(toStep[target], toStep[index] + counts[target])
      }
    }
    for index in steps.indices.reversed() {
      let rest = successors[index].filter(steps.indices.contains).map { fromStep[$0] }
      fromStep[index] = counts[index] + (rest.max() ?? 0)
    }
    return steps.indices.map { index in
      guard counts[index] == 1, toStep[index] > 0 else { return nil }
      return StepProgress(
        current: toStep[index], total: toStep[index] + fromStep[index] - counts[index])
    }
  }
}
