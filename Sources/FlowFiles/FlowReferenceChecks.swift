import JSONRPC
import PetFlowCore

/// The second pass over a flow file whose form is sound: ids are unique, every reference names
/// what it should (a `goto` a later step, a condition a field its step can see, with a value the
/// field can hold, a payload entry a field), the summary is last, and the upgrades make sense.
/// It also turns the draft into the PetFlowKit definition.
struct FlowReferenceChecks {
  var reading: FileReading
  let draft: FlowDraft
  /// Each field's step, by field id (the first field of a duplicated id).
  private(set) var stepOfField: [String: Int] = [:]
  private(set) var fieldsById: [String: FieldDraft] = [:]

  init(_ draft: FlowDraft, reading: FileReading) {
    self.draft = draft
    self.reading = reading
  }

  /// The definition, when every reference is sound; problems otherwise.
  mutating func check() -> FlowDefinition? {
    checkIds()
    checkSummaries()
    let gotosSound = checkNext()
    let dominators = gotosSound ? dominatorsOfSteps() : nil
    var steps: [StepDefinition] = []
    for (index, step) in draft.steps.enumerated() {
      steps.append(definition(of: step, at: index, dominators: dominators))
    }
    checkPayload()
    checkUpgrades()
    guard reading.problems.isEmpty, let id = draft.id, let version = draft.version else {
      return nil
    }
    return FlowDefinition(
      id: id, version: version, title: draft.title, steps: steps,
      payload: draft.payload.compactMap { entry in
        entry.field.map { PayloadEntry(entry.path, from: $0) }
          ?? entry.constant.map { PayloadEntry(entry.path, constant: $0) }
      },
      upgrades: draft.upgrades.compactMap { upgrade in
        upgrade.from.map { from in
          FlowUpgrade(
            from: from, renames: upgrade.renames.map { ($0.old, $0.new) },
            drops: upgrade.drops.map { $0.id })
        }
      }, languages: draft.languages, translations: draft.translations)
  }

  /// Ids are told apart regardless of case, so two that differ only in case are duplicates:
  /// `Phone` beside `phone` is a typo far more often than a second question, and a payload or
  /// a UI keyed without case would merge them.
  private mutating func checkIds() {
    var steps: [String: (id: String, index: Int)] = [:]
    var fields: [String: String] = [:]
    for (index, step) in draft.steps.enumerated() {
      guard let id = step.id else { continue }
      if let first = steps[id.lowercased()] {
        reading.report(
          .duplicateStep, at: step.idPointer,
          "step id '\(id)' is also the id of step \(first.index)" + Self.caseNote(id, first.id))
      } else {
        steps[id.lowercased()] = (id, index)
      }
      for field in step.fields {
        guard let fieldId = field.id else { continue }
        if let first = fields[fieldId.lowercased()], let firstStep = stepOfField[first] {
          reading.report(
            .duplicateField, at: field.idPointer,
            "field id '\(fieldId)' is also the id of a field of step \(firstStep)"
              + Self.caseNote(fieldId, first))
          // Its references are found still: one mistake, one problem.
          if stepOfField[fieldId] == nil {
            stepOfField[fieldId] = index
            fieldsById[fieldId] = field
          }
        } else {
          fields[fieldId.lowercased()] = fieldId
          stepOfField[fieldId] = index
          fieldsById[fieldId] = field
        }
        var options: [String: String] = [:]
        for option in field.options {
          guard let optionId = option.id else { continue }
          if let first = options[optionId.lowercased()] {
            reading.report(
              .duplicateOption, at: option.pointer,
              "option id '\(optionId)' is given twice in field '\(fieldId)'"
                + Self.caseNote(optionId, first))
          } else {
            options[optionId.lowercased()] = optionId
          }
        }
      }
    }
  }

  /// Said of an id that repeats another only up to case.
  private static func caseNote(_ id: String, _ first: String) -> String {
    id == first ? "" : " ('\(first)', differing only in case)"
  }

  private mutating func checkSummaries() {
    for (index, step) in draft.steps.enumerated()
    where step.kind == .summary && index != draft.steps.count - 1 {
      reading.report(
        .summaryNotLast, at: step.pointer,
        "summary step '\(step.id ?? "")' is not the last step: a summary shows every answer before the report is sent"
      )
    }
  }

  /// Checks each `next`: a default entry last and only there, each `goto` a later step. True
  /// when every `goto` names a later step.
  private mutating func checkNext() -> Bool {
    var sound = true
    for (index, step) in draft.steps.enumerated() {
      for (place, entry) in step.next.enumerated() {
        let isLast = place == step.next.count - 1
        if entry.hasWhen, isLast {
          reading.report(
            .nextDefault, at: entry.pointer,
            "the last entry of 'next' has a 'when': end with an entry without one, where the step goes when no condition holds"
          )
        } else if !entry.hasWhen, !isLast {
          reading.report(
            .nextDefault, at: entry.pointer,
            "an entry without 'when' is always taken: the entries after it never are; make it the last"
          )
        }
        guard let target = entry.target else { continue }
        guard let targetIndex = draft.steps.firstIndex(where: { $0.id == target }) else {
          reading.report(
            .gotoUnknown, at: entry.targetPointer,
            "'goto' names no step: '\(target)'"
              + NearestName.suggestion(for: target, among: draft.steps.compactMap { $0.id }))
          sound = false
          continue
        }
        if targetIndex <= index {
          reading.report(
            .gotoBackward, at: entry.targetPointer,
            "'goto' goes to step '\(target)', which is not after this one: a 'next' only goes forward"
          )
          sound = false
        }
      }
    }
    return sound
  }

  /// Per step, the steps on every path from the first step to it (itself included), as bits:
  /// what its conditions may test. A step no path reaches is dominated by every step (the proof
  /// reports it unreachable).
  private func dominatorsOfSteps() -> [UInt64] {
    let count = draft.steps.count
    var predecessors = [[Int]](repeating: [], count: count)
    for (index, step) in draft.steps.enumerated() {
      let targets =
        step.next.isEmpty
        ? [index + 1]
        : step.next.compactMap { entry in
          entry.target.flatMap { target in draft.steps.firstIndex { $0.id == target } }
        }
      for target in Set(targets) where target < count { predecessors[target].append(index) }
    }
    var dominators = [UInt64](repeating: ~0, count: count)
    for index in 0..<count {
      let bit: UInt64 = 1 << UInt64(index)
      guard index > 0 else {
        dominators[index] = bit
        continue
      }
      let reached = predecessors[index].filter { dominators[$0] != ~0 }
      guard !reached.isEmpty else { continue }
      dominators[index] = reached.reduce(~0) { $0 & dominators[$1] } | bit
    }
    return dominators
  }

  private mutating func definition(of step: StepDraft, at index: Int, dominators: [UInt64]?)
    -> StepDefinition
  {
    let fields = step.fields.map { field in
      var definition = FieldDefinition(
        field.id ?? "", field.kind ?? .text, label: field.label ?? LocalizedText(en: "", pl: ""),
        options: options(of: field),
        requiredWhen: field.requiredWhen.flatMap {
          condition($0, at: index, dominators: dominators)
        })
      definition.hint = field.hint
      definition.messages = field.messages
      definition.limits = field.limits
      return definition
    }
    let next = step.next.map { entry in
      StepTransition(
        when: entry.when.flatMap { condition($0, at: index, dominators: dominators) },
        goto: entry.target ?? "")
    }
    var definition = StepDefinition(
      id: step.id ?? "", kind: step.kind ?? .form,
      title: step.title ?? LocalizedText(en: "", pl: ""), fields: fields, next: next,
      rules: rules(of: step, at: index, dominators: dominators))
    definition.description = step.description
    return definition
  }

  func options(of field: FieldDraft) -> FieldOptions {
    FieldOptions(
      required: field.required, maxLength: field.maxLength,
      choices: field.options.compactMap { option in
        guard let id = option.id, let label = option.label else { return nil }
        return FieldOption(id: id, label: label)
      })
  }

  mutating func condition(
    _ draft: ConditionDraft, at step: Int, dominators: [UInt64]?
  ) -> FlowCondition? {
    switch draft {
    case .invalid: return nil
    case .not(let inner):
      return condition(inner, at: step, dominators: dominators).map(FlowCondition.not)
    case .all(let inner):
      let conditions = inner.compactMap { condition($0, at: step, dominators: dominators) }
      return conditions.count == inner.count ? .all(conditions) : nil
    case .any(let inner):
      let conditions = inner.compactMap { condition($0, at: step, dominators: dominators) }
      return conditions.count == inner.count ? .any(conditions) : nil
    case .test(let id, let pointer, let test):
      guard let field = fieldsById[id], let fieldStep = stepOfField[id] else {
        reading.report(
          .conditionUnknownField, at: pointer,
          "the condition names no field: '\(id)'" + suggestion(forField: id))
        return nil
      }
      let stepId = self.draft.steps[step].id ?? ""
      if fieldStep > step {
        reading.report(
          .conditionLaterField, at: pointer,
          "field '\(id)' is on a later step than '\(stepId)': a condition tests answers already given"
        )
      } else if let dominators, dominators[step] & (1 << UInt64(fieldStep)) == 0 {
        reading.report(
          .conditionLaterField, at: pointer,
          "field '\(id)' is on step '\(self.draft.steps[fieldStep].id ?? "")', which not every path to '\(stepId)' goes through"
        )
      }
      switch test {
      case .present: return .present(field: id)
      case .absent: return .absent(field: id)
      case .equals(let node): return value(node, for: field).map { .equals(field: id, $0) }
      case .oneOf(let nodes):
        let values = nodes.compactMap { value($0, for: field) }
        return values.count == nodes.count ? .oneOf(field: id, values) : nil
      }
    }
  }

  /// A compared value: exactly a value the field stores, and one its kind allows.
  mutating func value(_ node: Node, for field: FieldDraft) -> FieldValue? {
    let id = field.id ?? ""
    guard let kind = field.kind else { return nil }
    func refuse(_ reason: String) -> FieldValue? {
      reading.report(.conditionValue, at: node.pointer, reason)
      return nil
    }
    guard kind != .photo else {
      return refuse("a photo is tested with 'present' or 'absent', never compared")
    }
    let input: FieldInput
    switch node.value {
    case .string(let text): input = .text(text)
    case .number(let number): input = .number(NumberParts(number.parts))
    case .null: return refuse("compare with a value; for no value, test 'absent'")
    case .bool, .array, .object:
      return refuse(
        "\(kind.rawValue) field '\(id)' never holds \(FileReading.typeName(node.value))")
    }
    let options = FieldOptions(maxLength: field.maxLength, choices: self.options(of: field).choices)
    // Read as an import reads a stored value; any real date is one a field may hold some day.
    let lastDay = CalendarDate(iso: "9999-12-31") ?? CalendarDate.unixEpoch
    let today = FieldContext(today: lastDay)
    let judged = kind.readStored(input, options: options, context: today)
    guard let value = judged.value else {
      var nearest = ""
      if case .string(let text) = node.value, let ids = kind.optionIds(options) {
        nearest = NearestName.suggestion(for: text, among: ids)
      }
      // A value that breaks the kind's rules (an age of 99, a phone number of three digits)
      // says which rule; one of another form than the stored one says what that form is.
      // (Not required here, so no value without an error is empty.)
      let invalid = FieldError(.fieldInvalid)
      let broken =
        judged.error == invalid
        ? kind.read(input, options: options, context: today).error : judged.error
      if let error = broken, error != invalid {
        let listed = kind.optionIds(options) == nil ? "" : Self.hint(kind, options)
        return refuse(
          "\(kind.rawValue) field '\(id)' can never hold \(node.value.jsonText) (\(error.code))\(listed)\(nearest)"
        )
      }
      return refuse(
        "\(node.value.jsonText) is not a value of \(kind.rawValue) field '\(id)' as a flow stores it\(Self.hint(kind, options))\(nearest)"
      )
    }
    // What the file narrows holds too: an age of 35 where the field's `max` is 30 never comes.
    // A bound of "today" moves with the day: only fixed days are held against the value.
    var limits = field.limits
    if limits?.notBefore == .today { limits?.notBefore = nil }
    if limits?.notAfter == .today { limits?.notAfter = nil }
    if let error = limits?.error(of: value, context: today) {
      return refuse(
        "\(kind.rawValue) field '\(id)' can never hold \(node.value.jsonText) (\(error.code))")
    }
    return value
  }

  /// What a value of the kind is: its options, or how a flow writes it (asked of its declaration).
  private static func hint(_ kind: FieldKind, _ options: FieldOptions) -> String {
    if let ids = kind.optionIds(options) { return "; its options are \(FileReading.list(ids))" }
    return kind.storedForm.map { " (\($0))" } ?? ""
  }

  /// "Did you mean" the field of this flow nearest to `id`, its fields in file order.
  private func suggestion(forField id: String) -> String {
    NearestName.suggestion(
      for: id, among: draft.steps.flatMap { $0.fields.compactMap({ $0.id }) })
  }

  private mutating func checkPayload() {
    for (index, entry) in draft.payload.enumerated() {
      if let field = entry.field, fieldsById[field] == nil {
        reading.report(
          .payloadUnknownField, at: entry.pointer,
          "payload '\(entry.path)' comes from no field: '\(field)'" + suggestion(forField: field))
      }
      let path = entry.path.split(separator: ".")
      for earlier in draft.payload[..<index] {
        let other = earlier.path.split(separator: ".")
        let shorter = min(path.count, other.count)
        guard path.prefix(shorter) == other.prefix(shorter), path != other else { continue }
        reading.report(
          .payloadConflict, at: entry.pointer,
          "payload '\(entry.path)' and '\(earlier.path)' cannot both be: one is inside the other's value"
        )
      }
    }
  }

  private mutating func checkUpgrades() {
    var froms: Set<Int64> = []
    for upgrade in draft.upgrades {
      if let from = upgrade.from {
        if let version = draft.version, from >= version {
          reading.report(
            .upgradeVersion, at: upgrade.fromPointer,
            "an upgrade is from a version older than this one (\(version)), not from \(from)")
        } else if !froms.insert(from).inserted {
          reading.report(
            .upgradeVersion, at: upgrade.fromPointer, "two upgrades are from version \(from)")
        }
      }
      var targets: [String: String] = [:]
      for rename in upgrade.renames {
        if fieldsById[rename.new] == nil {
          reading.report(
            .upgradeField, at: rename.pointer,
            "'\(rename.old)' is renamed to '\(rename.new)', which is no field of this version"
              + suggestion(forField: rename.new))
        } else if let other = targets[rename.new] {
          reading.report(
            .upgradeField, at: rename.pointer,
            "'\(rename.old)' and '\(other)' are both renamed to '\(rename.new)'")
        }
        targets[rename.new] = rename.old
        if upgrade.drops.contains(where: { $0.id == rename.old }) {
          reading.report(
            .upgradeField, at: rename.pointer, "'\(rename.old)' is both renamed and dropped")
        }
      }
    }
  }
}
