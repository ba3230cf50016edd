import JSONRPC
import PetFlowCore

/// A flow file as read, before its references are checked: each part keeps where it is in the
/// file, and a part that could not be read is nil (its problem already reported).
struct FlowDraft {
  var id: String?
  var idPointer = JSONPointer.root
  var version: Int64?
  var title: LocalizedText?
  var steps: [StepDraft] = []
  var stepsPointer = JSONPointer.root
  var payload: [PayloadDraft] = []
  var upgrades: [UpgradeDraft] = []
  /// The file's `languages` (by default the shipped ones) and its `translations`.
  var languages = Language.shipped
  var translations = FlowTranslations([:])
}

struct StepDraft {
  var pointer: JSONPointer
  var id: String?
  var idPointer: JSONPointer
  var kind: StepDefinition.Kind?
  var title: LocalizedText?
  var description: LocalizedText?
  var fields: [FieldDraft] = []
  var next: [TransitionDraft] = []
  var nextPointer: JSONPointer?
  var rules: [RuleDraft] = []
}

struct FieldDraft {
  var pointer: JSONPointer
  var id: String?
  var idPointer: JSONPointer
  var kind: FieldKind?
  var label: LocalizedText?
  var required = false
  /// A `required` given as a condition.
  var requiredWhen: ConditionDraft?
  var maxLength: Int64?
  var options: [OptionDraft] = []
  var hint: LocalizedText?
  var messages: [String: LocalizedText] = [:]
  var limits: FieldLimits?
}

struct OptionDraft {
  var pointer: JSONPointer
  var id: String?
  var label: LocalizedText?
}

struct TransitionDraft {
  var pointer: JSONPointer
  /// Nil for the default entry (no `when`).
  var when: ConditionDraft?
  var hasWhen: Bool
  var target: String?
  var targetPointer: JSONPointer
}

/// A condition as written; `invalid` marks one whose shape was wrong (reported).
indirect enum ConditionDraft {
  enum Test {
    case equals(Node)
    case oneOf([Node])
    case present
    case absent
  }

  case test(field: String, fieldPointer: JSONPointer, Test)
  case all([ConditionDraft])
  case any([ConditionDraft])
  case not(ConditionDraft)
  case invalid

  /// Every field test in it, each with where its field is named.
  var tests: [(field: String, pointer: JSONPointer, test: Test)] {
    switch self {
    case .test(let field, let pointer, let test): return [(field, pointer, test)]
    case .all(let conditions), .any(let conditions): return conditions.flatMap { $0.tests }
    case .not(let condition): return condition.tests
    case .invalid: return []
    }
  }
}

struct PayloadDraft {
  var pointer: JSONPointer
  var path: String
  var field: String?
  /// A constant's value (`{"value": v}`), instead of a field.
  var constant: PayloadConstant?
}

struct UpgradeDraft {
  var pointer: JSONPointer
  var from: Int64?
  var fromPointer: JSONPointer
  var renames: [(old: String, new: String, pointer: JSONPointer)] = []
  var drops: [(id: String, pointer: JSONPointer)] = []
}
