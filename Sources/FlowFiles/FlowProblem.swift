/// One problem of a flow file: where, which rule, and what is wrong, as `check-flows` prints it.
public struct FlowProblem: Sendable, Equatable {
  public let file: String
  public let pointer: JSONPointer
  public let rule: FlowRule
  public let message: String

  package init(file: String, pointer: JSONPointer, rule: FlowRule, message: String) {
    self.file = file
    self.pointer = pointer
    self.rule = rule
    self.message = message
  }

  /// Whether it is a warning: printed, but the file still loads and `check-flows` exits 0.
  public var isWarning: Bool { rule == .ruleNeverFails }

  /// `FILE:JSON-POINTER: rule: message`, a warning's `FILE:JSON-POINTER: warning: rule: message`.
  public var line: String {
    "\(file):\(pointer.text): \(isWarning ? "warning: " : "")\(rule.rawValue): \(message)"
  }

  /// In document order, then by rule (then by message, so the order never depends on how the
  /// checks ran).
  package static func inOrder(_ lhs: FlowProblem, _ rhs: FlowProblem) -> Bool {
    if lhs.pointer != rhs.pointer { return lhs.pointer < rhs.pointer }
    if lhs.rule != rhs.rule { return lhs.rule < rhs.rule }
    return lhs.message < rhs.message
  }
}
