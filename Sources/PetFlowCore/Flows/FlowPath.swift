/// The steps a flow goes through, in order. An instance's path is computed from its values, never
/// kept from its history, so Back after a branch cannot land on a skipped step, and the values of
/// steps off the path are dormant. Kept as bits, a plain value with no reference in it (a flow
/// carries one, and every flow call copies flows): a file's flow has at most 64 steps. A definition
/// built in code may have more; on its path every step past the 64th counts as on the path.
@_spi(Engine) public struct FlowPath: Sendable, Equatable {
  /// Every step is on it (a flow without branches), so nothing is dormant.
  public let isWhole: Bool
  let stepCount: Int
  /// Steps 0 to 63 on the path, as bits.
  private(set) var bits: UInt64 = 0

  init(stepCount: Int, isWhole: Bool) {
    self.stepCount = stepCount
    self.isWhole = isWhole
  }

  /// A path of a flow with branches, from its bits.
  init(stepCount: Int, bits: UInt64) {
    self.init(stepCount: stepCount, isWhole: false)
    self.bits = bits
  }

  mutating func insert(_ step: Int) {
    if (0..<64).contains(step) { bits |= 1 << UInt64(step) }
  }

  /// Puts `step` and every step after it on the path.
  mutating func insert(from step: Int) {
    guard (0..<64).contains(step) else { return }
    bits |= ~0 << UInt64(step)
  }

  /// Whether the step at index `step` is on the path.
  public func contains(_ step: Int) -> Bool {
    guard (0..<stepCount).contains(step) else { return false }
    return isWhole || step >= 64 || bits & (1 << UInt64(step)) != 0
  }

  /// Step indices, ascending: a `next` only goes forward.
  public var steps: [Int] { (0..<stepCount).filter(contains) }

  /// The step that follows `step` on the path; nil after its last step.
  public func step(after step: Int) -> Int? {
    var next = max(step + 1, 0)
    while next < stepCount, !contains(next) { next += 1 }
    return next < stepCount ? next : nil
  }

  /// The step before `step` on the path; nil before its first.
  public func step(before step: Int) -> Int? {
    var previous = min(step, stepCount) - 1
    while previous >= 0, !contains(previous) { previous -= 1 }
    return previous >= 0 ? previous : nil
  }
}
