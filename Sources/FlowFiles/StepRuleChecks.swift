import JSONRPC
import PetFlowCore

/// The reference checks of a step's rules: each field a rule names is on its step or on every path
/// to it (as a condition's), its `field` is on its step, a comparison's sides can be compared, and
/// a rule that can never fail is a warning.
extension FlowReferenceChecks {
  mutating func rules(of step: StepDraft, at index: Int, dominators: [UInt64]?) -> [StepRule] {
    step.rules.compactMap { rule($0, at: index, dominators: dominators) }
  }

  private mutating func rule(_ rule: RuleDraft, at index: Int, dominators: [UInt64]?)
    -> StepRule?
  {
    let stepId = draft.steps[index].id ?? ""
    var sound = true
    for (id, pointer) in rule.namedFields {
      sound = visible(id, at: pointer, step: index, dominators: dominators) && sound
    }
    if let field = rule.field, let pointer = rule.fieldPointer, stepOfField[field] != index {
      reading.report(
        .ruleField, at: pointer,
        fieldsById[field] == nil
          ? "the rule's 'field' names no field: '\(field)'"
          : "the rule's 'field' '\(field)' is not on step '\(stepId)': a rule's error shows on its own step"
      )
      sound = false
    }
    let when = rule.when.flatMap { condition($0, at: index, dominators: dominators) }
    guard sound, let check = rule.check.flatMap({ self.check($0) }), let id = rule.id,
      let message = rule.message
    else { return nil }
    if case .atLeastOne(let fields) = rule.check {
      for (field, pointer) in fields where fieldsById[field]?.required == true {
        reading.report(
          .ruleNeverFails, at: pointer,
          "field '\(field)' is required, so at least one of the fields always has a value: the rule never fails"
        )
      }
    }
    return StepRule(
      id: id, message: message, when: when, field: rule.field, check: check)
  }

  /// Whether the field a rule names is on its step or on every path to it (reported if not).
  private mutating func visible(
    _ id: String, at pointer: JSONPointer, step: Int, dominators: [UInt64]?
  ) -> Bool {
    guard let fieldStep = stepOfField[id] else {
      reading.report(.conditionUnknownField, at: pointer, "the rule names no field: '\(id)'")
      return false
    }
    let stepId = draft.steps[step].id ?? ""
    if fieldStep > step {
      reading.report(
        .conditionLaterField, at: pointer,
        "field '\(id)' is on a later step than '\(stepId)': a rule judges answers already given")
      return false
    }
    if let dominators, dominators[step] & (1 << UInt64(fieldStep)) == 0 {
      reading.report(
        .conditionLaterField, at: pointer,
        "field '\(id)' is on step '\(draft.steps[fieldStep].id ?? "")', which not every path to '\(stepId)' goes through"
      )
      return false
    }
    return true
  }

  /// The check, its kinds and literal checked.
  private mutating func check(_ check: RuleDraft.Check) -> StepRule.Check? {
    switch check {
    case .atLeastOne(let fields): return .atLeastOne(fields.map { $0.id })
    case .compare(let left, let leftPointer, let op, let right):
      guard let field = fieldsById[left], let kind = field.kind else { return nil }
      let ordering = kind.ordering
      if op.isOrdering, ordering == nil {
        reading.report(
          .ruleKind, at: leftPointer,
          "\(kind.rawValue) field '\(left)' has no order: compare it with '==' or '!=', or compare dates or numbers"
        )
        return nil
      }
      switch right {
      case .today:
        guard ordering == .date else {
          reading.report(
            .ruleKind, at: leftPointer,
            "\(kind.rawValue) field '\(left)' is compared with \"today\", which only a date field can be"
          )
          return nil
        }
        return .compare(left: left, op: op, right: .today)
      case .field(let id, let pointer):
        guard let other = fieldsById[id]?.kind else { return nil }
        guard other == kind else {
          reading.report(
            .ruleKind, at: pointer,
            "\(kind.rawValue) field '\(left)' is compared with \(other.rawValue) field '\(id)': only fields of one kind compare"
          )
          return nil
        }
        return .compare(left: left, op: op, right: .field(id))
      case .value(let node):
        return value(node, for: field).map { .compare(left: left, op: op, right: .value($0)) }
      }
    }
  }
}
