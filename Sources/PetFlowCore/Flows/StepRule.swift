/// A rule across a step's fields (a flow file's `rules`): "phone or e-mail" (`atLeastOne`), "seen
/// on or before today" (`compare`). Judged after each field's own judgement, its error shown under
/// one field as `rule.ID` with the file's own message: data, never an expression string.
@_spi(Engine) public struct StepRule: Sendable {
  /// How two sides are compared.
  public enum Operator: String, Sendable, CaseIterable {
    /// `<`: the left side comes first (an earlier day, a smaller number).
    case less = "<"
    /// `<=`: the left side comes first or is the same.
    case lessOrEqual = "<="
    /// `>`: the left side comes after.
    case greater = ">"
    /// `>=`: the left side comes after or is the same.
    case greaterOrEqual = ">="
    /// `==`: both sides hold the same value (numbers by value: `52.23` is `52.2300`).
    case equal = "=="
    /// `!=`: the sides hold different values.
    case notEqual = "!="

    /// Whether it asks for an order (dates, numbers), not only for sameness.
    public var isOrdering: Bool { self != .equal && self != .notEqual }

    /// Whether two sides ordered as `order` says (-1, 0, 1) pass.
    func holds(_ order: Int) -> Bool {
      switch self {
      case .less: return order < 0
      case .lessOrEqual: return order <= 0
      case .greater: return order > 0
      case .greaterOrEqual: return order >= 0
      case .equal: return order == 0
      case .notEqual: return order != 0
      }
    }
  }

  /// The right side of a comparison.
  public enum Operand: Sendable, Equatable {
    /// Another field's value, by id.
    case field(String)
    /// A literal, as a flow stores a value of the left field's kind.
    case value(FieldValue)
    /// The session's today (a date field's left side only).
    case today
  }

  /// What the rule asks of its fields.
  public enum Check: Sendable, Equatable {
    /// Fails when every named field is empty.
    case atLeastOne([String])
    /// Fails when `left op right` does not hold; not judged while a side is empty.
    case compare(left: String, op: Operator, right: Operand)
  }

  /// Its id: the error's code is `rule.` and this.
  public let id: String
  /// What its error says, in each of the file's languages.
  public let message: LocalizedText
  /// Judged only where it holds (always, without one).
  public let condition: FlowCondition?
  /// The field its error is shown under: the one given, else the first it names.
  public let field: String
  /// What it asks of its fields.
  public let check: Check

  /// A rule as a flow file states it; `field` defaults to the first field `check` names.
  public init(
    id: String, message: LocalizedText, when condition: FlowCondition? = nil,
    field: String? = nil, check: Check
  ) {
    self.id = id
    self.message = message
    self.condition = condition
    self.check = check
    self.field = field ?? check.fields.first ?? ""
  }

  /// The error it shows: code `rule.ID`, params `{"rule": ID}`, and its message (a param of its
  /// own, which the writer leaves out: the message says it).
  public var error: FieldError {
    FieldError(
      .rule, [FieldError.Param("rule", .string(id)), FieldError.Param("message", .text(message))])
  }
}

extension StepRule.Check {
  /// The fields it names, in order.
  public var fields: [String] {
    switch self {
    case .atLeastOne(let fields): return fields
    case .compare(let left, _, .field(let right)): return [left, right]
    case .compare(let left, _, _): return [left]
    }
  }
}
