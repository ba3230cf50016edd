/// One problem of a flow file: where, which rule, and what is wrong, as `check-flows` prints it.
public struct FlowProblem: Sendable, Equatable {
  public let file: String
  package let pointer: JSONPointer
  package let rule: FlowRule
  public let message: String

  package init(file: String, pointer: JSONPointer, rule: FlowRule, message: String) {
    self.file = file
    self.pointer = pointer
    self.rule = rule
    self.message = message
  }

  /// `FILE:JSON-POINTER: rule: message`.
  public var line: String { "\(file):\(pointer.text): \(rule.rawValue): \(message)" }

  /// In document order, then by rule (then by message, so the order never depends on how the
  /// checks ran).
  package static func inOrder(_ lhs: FlowProblem, _ rhs: FlowProblem) -> Bool {
    if lhs.pointer != rhs.pointer { return lhs.pointer < rhs.pointer }
    if lhs.rule != rhs.rule { return lhs.rule < rhs.rule }
    return lhs.message < rhs.message
  }
}
