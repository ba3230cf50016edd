import JSONRPC
import PetFlowCore

/// A rule of a step as read (`rules`), before its fields are looked up.
struct RuleDraft {
  enum Check {
    case atLeastOne([(id: String, pointer: JSONPointer)])
    case compare(left: String, leftPointer: JSONPointer, op: StepRule.Operator, right: Right)
  }

  enum Right {
    case field(String, JSONPointer)
    case value(Node)
    case today
  }

  var pointer: JSONPointer
  var id: String?
  var message: LocalizedText?
  var when: ConditionDraft?
  var field: String?
  var fieldPointer: JSONPointer?
  /// Nil when its shape was wrong (reported).
  var check: Check?

  /// The fields it names, each where it is named.
  var namedFields: [(id: String, pointer: JSONPointer)] {
    switch check {
    case .atLeastOne(let fields): return fields
    case .compare(let left, let pointer, _, .field(let right, let rightPointer)):
      return [(left, pointer), (right, rightPointer)]
    case .compare(let left, let pointer, _, _): return [(left, pointer)]
    case nil: return []
    }
  }
}

/// The members conditional `required` and `rules` add to a flow file, read as strictly as the rest.
extension FlowFileReader {
  /// `required`: true, false, or a condition (required where it holds).
  mutating func required(_ node: Node?) -> (Bool, ConditionDraft?) {
    guard let node else { return (false, nil) }
    switch node.value {
    case .bool(let flag): return (flag, nil)
    case .object: return (false, condition(node, depth: 1))
    default:
      reading.report(
        .type, at: node.pointer,
        "'required' must be true, false or a condition, not \(FileReading.typeName(node.value))")
      return (false, nil)
    }
  }

  /// A step's `rules`: `[{"id", "message", "when"?, "field"?, "atLeastOne" | "compare"}]`.
  mutating func rules(_ node: Node?) -> [RuleDraft] {
    guard let nodes = reading.array(node, "'rules'", nonEmpty: true, limit: FlowLimits.rules)
    else { return [] }
    return nodes.compactMap { rule($0) }
  }

  private mutating func rule(_ node: Node) -> RuleDraft? {
    guard
      let members = reading.members(
        of: node, "a rule",
        allowed: ["id", "message", "when", "field", "atLeastOne", "compare"],
        required: ["id", "message"], comments: true)
    else { return nil }
    var rule = RuleDraft(
      pointer: node.pointer, id: reading.id(members["id"], "a rule id"),
      message: reading.text(members["message"], "a rule's message"),
      when: members["when"].map { condition($0, depth: 1) },
      field: reading.id(members["field"], "a rule's 'field'"),
      fieldPointer: members["field"]?.pointer)
    switch (members["atLeastOne"], members["compare"]) {
    case (let list?, nil):
      guard
        let nodes = reading.array(list, "'atLeastOne'", nonEmpty: true, limit: FlowLimits.fields)
      else { return rule }
      let ids = nodes.compactMap { element in
        reading.id(element, "a field id").map { (id: $0, pointer: element.pointer) }
      }
      if ids.count == nodes.count { rule.check = .atLeastOne(ids) }
    case (nil, let compare?):
      rule.check = comparison(compare)
    default:
      reading.report(
        .ruleShape, at: node.pointer, "a rule has exactly one of 'atLeastOne', 'compare'")
    }
    return rule
  }

  /// `{"left": id, "op": "<" …, "right": {"field": id} | {"value": v} | "today"}`.
  private mutating func comparison(_ node: Node) -> RuleDraft.Check? {
    guard
      let members = reading.members(
        of: node, "a comparison", allowed: ["left", "op", "right"],
        required: ["left", "op", "right"])
    else { return nil }
    let left = reading.id(members["left"], "'left'")
    var op: StepRule.Operator?
    if let opNode = members["op"], let name = reading.string(opNode, "'op'") {
      op = StepRule.Operator(rawValue: name)
      if op == nil {
        reading.report(
          .ruleShape, at: opNode.pointer,
          "'op' '\(name)' is not one of \(FileReading.list(StepRule.Operator.allCases.map { $0.rawValue }))"
        )
      }
    }
    guard let rightNode = members["right"], let right = operand(rightNode), let left, let op,
      let leftNode = members["left"]
    else { return nil }
    return .compare(left: left, leftPointer: leftNode.pointer, op: op, right: right)
  }

  private mutating func operand(_ node: Node) -> RuleDraft.Right? {
    if case .string("today") = node.value { return .today }
    let shape = "'right' is {\"field\": id}, {\"value\": value} or \"today\""
    guard case .object(let object) = node.value, object.members.count == 1,
      let member = object.members.first, member.name == "field" || member.name == "value"
    else {
      reading.report(.ruleShape, at: node.pointer, shape)
      return nil
    }
    let inner = Node(value: member.value, pointer: node.pointer.member(member.name, at: 0))
    guard member.name == "field" else { return .value(inner) }
    return reading.id(inner, "'field'").map { .field($0, inner.pointer) }
  }
}
