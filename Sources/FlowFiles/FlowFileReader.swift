import JSONRPC
import PetFlowCore

/// Reads a flow file's JSON into a `FlowDraft`, strictly: every member is known, of its type,
/// and within its limits, or a problem.
struct FlowFileReader {
  var reading: FileReading

  init(file: String) { reading = FileReading(file: file) }

  mutating func flow(_ root: JSONValue) -> FlowDraft {
    var draft = FlowDraft()
    guard
      let members = reading.members(
        of: Node(value: root, pointer: .root), "a flow file",
        allowed: [
          "$schema", "formatVersion", "id", "version", "title", "steps", "payload", "upgrade",
          "languages", "translations",
        ],
        required: ["formatVersion", "id", "version", "title", "steps", "payload"], comments: true)
    else { return draft }
    _ = reading.string(members["$schema"], "'$schema'")
    if let node = members["formatVersion"],
      let format = reading.integer(node, "'formatVersion'"), format != 1
    {
      reading.report(
        .formatVersion, at: node.pointer,
        "formatVersion is \(format); this petflowd reads format 1 only")
    }
    // The languages first: every text of the file is read against them.
    draft.languages = languages(members["languages"])
    reading.languages = draft.languages
    draft.id = reading.id(members["id"], "the flow id")
    draft.idPointer = members["id"]?.pointer ?? .root
    draft.version = reading.integer(members["version"], "'version'", minimum: 1)
    draft.title = reading.text(members["title"], "the flow's title")
    if let nodes = reading.array(
      members["steps"], "'steps'", nonEmpty: true, limit: FlowLimits.steps)
    {
      draft.steps = nodes.compactMap { step($0) }
      draft.stepsPointer = members["steps"]?.pointer ?? .root
      let fields = draft.steps.reduce(0) { $0 + $1.fields.count }
      if fields > FlowLimits.fields {
        reading.report(
          .size, at: draft.stepsPointer,
          "the steps have \(fields) fields; the limit is \(FlowLimits.fields)")
      }
    }
    draft.payload = payload(members["payload"])
    if let nodes = reading.array(members["upgrade"], "'upgrade'", limit: FlowLimits.upgrades) {
      draft.upgrades = nodes.compactMap { upgrade($0) }
    }
    draft.translations = translations(
      members["translations"], of: draft, languagesNode: members["languages"])
    reading.reportMissingTexts()
    return draft
  }

  private mutating func step(_ node: Node) -> StepDraft? {
    guard
      let members = reading.members(
        of: node, "a step",
        allowed: ["id", "kind", "title", "description", "fields", "next", "rules"],
        required: ["id", "title"], comments: true)
    else { return nil }
    var step = StepDraft(
      pointer: node.pointer, id: reading.id(members["id"], "a step id"),
      idPointer: members["id"]?.pointer ?? node.pointer)
    step.kind = .form
    if let kindNode = members["kind"], let name = reading.string(kindNode, "a step's kind") {
      step.kind = StepDefinition.Kind(rawValue: name)
      if step.kind == nil {
        reading.report(
          .unknownKind, at: kindNode.pointer,
          "step kind '\(name)' is not one of 'form', 'summary'"
            + NearestName.suggestion(for: name, among: ["form", "summary"]))
      }
    }
    step.title = reading.text(members["title"], "a step's title")
    step.description = reading.text(members["description"], "a step's description")
    if step.kind == .summary {
      for name in ["fields", "next", "rules"] {
        guard let extra = members[name] else { continue }
        reading.report(
          .summaryContent, at: extra.pointer,
          "a summary step shows the answers: it has no '\(name)'")
      }
      return step
    }
    if members["fields"] == nil {
      reading.report(.missingKey, at: node.pointer, "a form step needs a member 'fields'")
    }
    if let nodes = reading.array(members["fields"], "'fields'", limit: FlowLimits.fields) {
      step.fields = nodes.compactMap { field($0) }
    }
    if let nextNode = members["next"],
      let nodes = reading.array(
        nextNode, "'next'", nonEmpty: true, limit: FlowLimits.nextEntries)
    {
      step.nextPointer = nextNode.pointer
      step.next = nodes.compactMap { transition($0) }
      let tests = step.next.compactMap { $0.when }.reduce(0) { count, condition in
        count
          + condition.tests.reduce(0) { sum, test in
            guard case .oneOf(let values) = test.test else { return sum + 1 }
            return sum + max(1, values.count)
          }
      }
      if tests > FlowLimits.tests {
        reading.report(
          .size, at: nextNode.pointer,
          "the step's conditions test \(tests) values; the limit is \(FlowLimits.tests)")
      }
    }
    step.rules = rules(members["rules"])
    return step
  }

  private mutating func field(_ node: Node) -> FieldDraft? {
    guard
      let members = reading.members(
        of: node, "a field",
        allowed: ["id", "kind", "label", "required", "maxLength", "options"]
          + Self.fieldTextMembers + Self.limitMembers.map { $0.name },
        required: ["id", "kind", "label"], comments: true)
    else { return nil }
    var field = FieldDraft(
      pointer: node.pointer, id: reading.id(members["id"], "a field id"),
      idPointer: members["id"]?.pointer ?? node.pointer)
    if let kindNode = members["kind"], let name = reading.string(kindNode, "a field's kind") {
      field.kind = FieldKind(rawValue: name)
      if field.kind == nil {
        let kinds = FieldKind.allCases.map { $0.rawValue }
        reading.report(
          .unknownKind, at: kindNode.pointer,
          "field kind '\(name)' is not one of \(FileReading.list(kinds))"
            + NearestName.suggestion(for: name, among: kinds))
      }
    }
    field.label = reading.text(members["label"], "a field's label")
    (field.required, field.requiredWhen) = required(members["required"])
    if let node = members["maxLength"] {
      if field.kind != nil, field.kind != .text {
        reading.report(
          .unknownOption, at: node.pointer,
          "'maxLength' applies to text fields only, not to \(field.kind?.rawValue ?? "")")
      }
      field.maxLength = reading.integer(node, "'maxLength'", minimum: 1)
    }
    let optionsNode = members["options"]
    if let optionsNode, field.kind != nil, field.kind != .choice {
      reading.report(
        .unknownOption, at: optionsNode.pointer,
        "'options' belong to choice fields only, not to \(field.kind?.rawValue ?? "")")
    }
    if field.kind == .choice, optionsNode == nil {
      reading.report(.missingKey, at: node.pointer, "a choice field needs a member 'options'")
    }
    if let nodes = reading.array(
      optionsNode, "'options'", nonEmpty: true, limit: FlowLimits.options)
    {
      field.options = nodes.compactMap { option($0) }
    }
    fieldTexts(members, into: &field)
    fieldLimits(members, into: &field)
    return field
  }

  private mutating func option(_ node: Node) -> OptionDraft? {
    guard
      let members = reading.members(
        of: node, "an option", allowed: ["id", "label"], required: ["id", "label"],
        comments: true)
    else { return nil }
    return OptionDraft(
      pointer: node.pointer, id: reading.id(members["id"], "an option id"),
      label: reading.text(members["label"], "an option's label"))
  }

  private mutating func transition(_ node: Node) -> TransitionDraft? {
    guard
      let members = reading.members(
        of: node, "a 'next' entry", allowed: ["when", "goto"], required: ["goto"],
        comments: true)
    else { return nil }
    let when = members["when"].map { condition($0, depth: 1) }
    return TransitionDraft(
      pointer: node.pointer, when: when, hasWhen: when != nil,
      target: reading.id(members["goto"], "'goto'"),
      targetPointer: members["goto"]?.pointer ?? node.pointer)
  }

  /// One of `{field, equals}`, `{field, in}`, `{field, present: true}`, `{field, absent: true}`,
  /// `{all}`, `{any}`, `{not}`; nested at most `FlowLimits.conditionDepth` deep, read no deeper.
  mutating func condition(_ node: Node, depth: Int) -> ConditionDraft {
    let combinators = ["all", "any", "not"]
    let tests = ["equals", "in", "present", "absent"]
    guard
      let members = reading.members(
        of: node, "a condition", allowed: ["field"] + tests + combinators)
    else { return .invalid }
    let combinator = combinators.filter { members[$0] != nil }
    let test = tests.filter { members[$0] != nil }
    if combinator.isEmpty, test.count == 1, members["field"] != nil {
      return leaf(members, test[0])
    }
    guard combinator.count == 1, test.isEmpty, members["field"] == nil else {
      reading.report(
        .conditionShape, at: node.pointer,
        "a condition is one of {field, equals}, {field, in}, {field, present: true}, {field, absent: true}, {all}, {any}, {not}"
      )
      return .invalid
    }
    guard depth < FlowLimits.conditionDepth else {
      reading.report(
        .size, at: node.pointer,
        "conditions nest \(depth + 1) deep here; the limit is \(FlowLimits.conditionDepth)")
      return .invalid
    }
    let name = combinator[0]
    guard let inner = members[name] else { return .invalid }
    if name == "not" { return .not(condition(inner, depth: depth + 1)) }
    guard
      let nodes = reading.array(inner, "'\(name)'", nonEmpty: true, limit: FlowLimits.tests)
    else { return .invalid }
    let conditions = nodes.map { condition($0, depth: depth + 1) }
    return name == "all" ? .all(conditions) : .any(conditions)
  }

  private mutating func leaf(_ members: Members, _ name: String) -> ConditionDraft {
    guard let fieldNode = members["field"], let field = reading.id(fieldNode, "'field'"),
      let node = members[name]
    else { return .invalid }
    let test: ConditionDraft.Test
    switch name {
    case "equals": test = .equals(node)
    case "in":
      guard
        let nodes = reading.array(node, "'in'", nonEmpty: true, limit: FlowLimits.tests)
      else { return .invalid }
      test = .oneOf(nodes)
    default:
      guard case .bool(true) = node.value else {
        reading.report(
          .conditionShape, at: node.pointer,
          "'\(name)' can only be true (for the opposite test, use '\(name == "present" ? "absent" : "present")')"
        )
        return .invalid
      }
      test = name == "present" ? .present : .absent
    }
    return .test(field: field, fieldPointer: fieldNode.pointer, test)
  }

  /// `{"member.path": fieldId, …}`, in the file's order.
  private mutating func payload(_ node: Node?) -> [PayloadDraft] {
    guard let node else { return [] }
    guard case .object(let object) = node.value else {
      reading.report(
        .type, at: node.pointer,
        "'payload' must be an object of payload paths to field ids, not \(FileReading.typeName(node.value))"
      )
      return []
    }
    guard object.members.count <= FlowLimits.payloadEntries else {
      reading.report(
        .size, at: node.pointer,
        "'payload' has \(object.members.count) entries; the limit is \(FlowLimits.payloadEntries)")
      return []
    }
    var entries: [PayloadDraft] = []
    for (place, member) in object.members.enumerated() {
      let pointer = node.pointer.member(member.name, at: place)
      if entries.contains(where: { $0.path == member.name }) {
        reading.report(.duplicateKey, at: pointer, "'\(member.name)' is given twice in 'payload'")
      }
      let segments = member.name.split(separator: ".", omittingEmptySubsequences: false)
      if !segments.allSatisfy(Self.isPayloadName) {
        reading.report(
          .payloadPath, at: pointer,
          "payload path '\(member.name)' must be member names of letters, digits, '_' or '-', joined by '.'"
        )
      } else if segments.count > FlowLimits.payloadDepth {
        reading.report(
          .size, at: pointer,
          "payload path '\(member.name)' has \(segments.count) names; the limit is \(FlowLimits.payloadDepth)"
        )
      }
      let node = Node(value: member.value, pointer: pointer)
      if case .object = member.value {
        entries.append(
          PayloadDraft(pointer: pointer, path: member.name, field: nil, constant: constant(node)))
        continue
      }
      let field = reading.id(node, "a payload's field")
      entries.append(PayloadDraft(pointer: pointer, path: member.name, field: field))
    }
    return entries
  }

  private static func isPayloadName(_ name: Substring) -> Bool {
    !name.isEmpty
      && name.utf8.allSatisfy { byte in
        (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
          || (0x30...0x39).contains(byte) || byte == 0x5F || byte == 0x2D
      }
  }

  private mutating func upgrade(_ node: Node) -> UpgradeDraft? {
    guard
      let members = reading.members(
        of: node, "an upgrade", allowed: ["from", "rename", "drop"], required: ["from"],
        comments: true)
    else { return nil }
    var upgrade = UpgradeDraft(
      pointer: node.pointer, from: reading.integer(members["from"], "'from'", minimum: 1),
      fromPointer: members["from"]?.pointer ?? node.pointer)
    if let renameNode = members["rename"] {
      if case .object(let object) = renameNode.value {
        for (place, member) in object.members.enumerated() {
          let pointer = renameNode.pointer.member(member.name, at: place)
          if upgrade.renames.contains(where: { $0.old == member.name }) {
            reading.report(
              .duplicateKey, at: pointer, "'\(member.name)' is given twice in 'rename'")
          }
          guard let new = reading.id(Node(value: member.value, pointer: pointer), "a new field id")
          else { continue }
          upgrade.renames.append((member.name, new, pointer))
        }
      } else {
        reading.report(
          .type, at: renameNode.pointer,
          "'rename' must be an object of old field ids to new ones, not \(FileReading.typeName(renameNode.value))"
        )
      }
    }
    if let nodes = reading.array(members["drop"], "'drop'", limit: FlowLimits.fields) {
      for node in nodes {
        guard let id = reading.string(node, "a dropped field id") else { continue }
        upgrade.drops.append((id, node.pointer))
      }
    }
    return upgrade
  }
}
