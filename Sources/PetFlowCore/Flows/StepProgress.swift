/// "Step 2 of 4": the numbers and the label a navigation bar shows, counting form steps (a
/// summary counts for none).
public struct StepProgress: Equatable, Sendable {
  /// The step's number among the form steps walked so far, from 1.
  public let current: Int
  /// How many form steps the path has, counting the longest way still open.
  public let total: Int

  /// "2/4". Made when asked: a writer writes the two numbers instead (making the String on
  /// every snapshot cost a flow pair some hundreds of instructions).
  public var label: String { "\(current)/\(total)" }

  /// What `flow/list` shows on each step before any answer, its place among the form steps
  /// of the longest path through it (a flow without branches numbers its form steps 1 to n),
  /// and the most form steps from each step to the end.
  static func listed(isForm: [Bool], routes: FlowRoutes) -> (
    progress: [StepProgress?], longestFrom: [Int]
  ) {
    let count = isForm.count
    let counts = isForm.map { $0 ? 1 : 0 }
    var toStep = [Int](repeating: -1, count: count)
    var fromStep = [Int](repeating: 0, count: count)
    if count > 0 { toStep[0] = counts[0] }
    let unknown = NothingKnown()
    for index in 0..<count where toStep[index] >= 0 {
      routes.forEachPossibleTarget(of: index, knowing: unknown) { target in
        guard target < count else { return }
        toStep[target] = max(toStep[target], toStep[index] + counts[target])
      }
    }
    for index in (0..<count).reversed() {
      var rest = 0
      routes.forEachPossibleTarget(of: index, knowing: unknown) { target in
        if target < count { rest = max(rest, fromStep[target]) }
      }
      fromStep[index] = counts[index] + rest
    }
    let progress = (0..<count).map { index -> StepProgress? in
      guard counts[index] == 1, toStep[index] > 0 else { return nil }
      return StepProgress(
        current: toStep[index], total: toStep[index] + fromStep[index] - counts[index])
    }
    return (progress, fromStep)
  }
}
