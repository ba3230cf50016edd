/// One problem of a flow file: where, which rule, and what is wrong, as `check-flows` prints it.
public struct FlowProblem: Sendable, Equatable {
  /// An error keeps the file from loading; a warning is advice, and the file loads.
  public enum Severity: Sendable, Equatable {
    /// The file does not load.
    case error
    /// Advice: the file loads.
    case warning
  }

  /// The file's name, as it was given to the loader.
  public let file: String
  package let pointer: JSONPointer
  package let rule: FlowRule
  /// What is wrong, in English; `line` adds the file, the place and the rule.
  public let message: String
  /// The rule's (`FlowRule.severity`).
  public let severity: Severity

  package init(file: String, pointer: JSONPointer, rule: FlowRule, message: String) {
    self.file = file
    self.pointer = pointer
    self.rule = rule
    self.message = message
    severity = rule.severity
  }

  /// `FILE:JSON-POINTER: rule: message`, or `FILE:JSON-POINTER: warning: rule: message`.
  public var line: String {
    let tier = severity == .warning ? "warning: " : ""
    return "\(file):\(pointer.text): \(tier)\(rule.rawValue): \(message)"
  }

  /// In document order, then by rule (then by message, so the order never depends on how the
  /// checks ran).
  package static func inOrder(_ lhs: FlowProblem, _ rhs: FlowProblem) -> Bool {
    if lhs.pointer != rhs.pointer { return lhs.pointer < rhs.pointer }
    if lhs.rule != rhs.rule { return lhs.rule < rhs.rule }
    return lhs.message < rhs.message
  }
}
