@_spi(Engine) import FlowFiles
@_spi(Engine) import PetFlowCore

// libFuzzer target: arbitrary bytes as a flow file, through the loader and checker; a flow that
// loads is then walked with answers read from the same bytes.

/// Nothing may trap. A flow loads exactly when the file has no problem but warnings; problems come in
/// order. On a loaded flow, whatever is answered, the path kept is the one the values make, the
/// current step is on it (the checker's rules promise it), progress never counts past its
/// total, only Goto may refuse (and only for a step off the path or past one that fails), and an
/// active flow's own export restores to the same flow.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFlowFiles(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let loaded = FlowFile.load(bytes, file: "fuzz.json")
  // Warnings may stand beside a definition; errors never.
  let hasErrors = loaded.problems.contains { $0.severity == .error }
  guard (loaded.definition == nil) == hasErrors else {
    fatalError("a definition beside errors, or neither: \(loaded.problems.map(\.line))")
  }
  for (first, second) in zip(loaded.problems, loaded.problems.dropFirst())
  where FlowProblem.inOrder(second, first) {
    fatalError("problems out of order: \(first.line) before \(second.line)")
  }
  guard let definition = loaded.definition else { return 0 }
  var answers = Answers(bytes)
  Walk.run(definition, &answers)
  Walk.replayCoveringPaths(definition)
  return 0
}

/// The walk's choices, read from the input's bytes backwards (the file read them forwards).
struct Answers {
  let bytes: [UInt8]
  var index: Int

  init(_ bytes: [UInt8]) {
    self.bytes = bytes
    index = bytes.count
  }

  mutating func byte() -> UInt8 {
    guard index > 0 else { return 0 }
    index -= 1
    return bytes[index]
  }

  var isAtEnd: Bool { index == 0 }
}

enum Walk {
  static let context = FieldContext(today: CalendarDate.unixEpoch)

  static func run(_ definition: FlowDefinition, _ answers: inout Answers) {
    var flow = FlowInstance(definition: definition)
    var moves = 0
    while flow.status == .active, moves < 48 {
      moves += 1
      check(flow)
      let inputs = flow.step.fields.map { field in (field.id, input(for: field, &answers)) }
      // The inputs are the current step's own fields and the flow is active: nothing but Goto
      // may refuse, and Goto only as documented, leaving the flow as it was.
      do throws(FlowFault) {
        switch answers.byte() % 6 {
        case 0: try flow.update(inputs, context: context)
        case 1: try flow.back()
        case 2: try goto(&flow, definition.steps[Int(answers.byte()) % definition.steps.count].id)
        default: _ = try flow.next(inputs, context: context)
        }
      } catch {
        fatalError("refused: \(error)")
      }
      if answers.isAtEnd { break }
    }
    if flow.status == .active { restore(flow) }
  }

  /// `check-flows --paths`: every covering path, replayed, goes along its steps and submits.
  static func replayCoveringPaths(_ definition: FlowDefinition) {
    let paths: [FlowPathFixtures.Path]
    switch FlowPathFixtures.paths(definition, today: context.today) {
    case .success(let found): paths = found
    // A date field on a path has no example on or before the epoch; nothing else may fail.
    case .failure(.noAnswer(_, _, "date")): return
    case .failure(let failure): fatalError("no paths: \(failure)")
    }
    var steps = Set<String>()
    for path in paths {
      var flow = FlowInstance(definition: definition)
      for (step, values) in path.answers {
        guard flow.status == .active, flow.step.id == step else {
          fatalError("path \(path.steps) left at \(step): \(flow.status), on \(flow.step.id)")
        }
        steps.insert(step)
        do throws(FlowFault) {
          _ = try flow.next(values.map { (field: $0.field, input: $0.value) }, context: context)
        } catch {
          fatalError("refused: \(error)")
        }
      }
      guard flow.status == .submitted else {
        fatalError("path \(path.steps) ends \(flow.status) on \(flow.step.id)")
      }
    }
    guard steps.count == definition.steps.count else {
      fatalError("the paths miss steps: \(steps.count) of \(definition.steps.count)")
    }
  }

  static func check(_ flow: FlowInstance) {
    let path = flow.path
    if let kept = flow.branchingPath, kept != flow.computedPath() {
      fatalError("the path kept, \(kept.steps), is not the values' \(flow.computedPath().steps)")
    }
    let dormant = flow.slots.indices.contains {
      flow.slot($0).value != nil && flow.isDormant($0, on: path)
    }
    if dormant != flow.hasDormantValues {
      fatalError("hasDormantValues is \(flow.hasDormantValues), the values say \(dormant)")
    }
    guard path.contains(flow.stepIndex) else {
      fatalError("step \(flow.step.id) is off the path \(path.steps)")
    }
    if let progress = flow.progress(on: path), progress.current > progress.total {
      fatalError("progress \(progress.label)")
    }
  }

  /// Goto a step: shown, or refused as off the path or past a step that fails (a check-answers
  /// page's Change on a step it cannot reach yet), the flow unchanged.
  static func goto(_ flow: inout FlowInstance, _ stepId: String) throws(FlowFault) {
    let before = flow
    do throws(FlowFault) {
      try flow.goto(stepId, context: context)
    } catch {
      switch error {
      case .stepOffPath, .unreachableStep: break
      default: throw error
      }
      if flow.revision != before.revision || flow.stepIndex != before.stepIndex {
        fatalError("a refused goto \(stepId) changed the flow")
      }
    }
  }

  /// What an export holds (values, rejected inputs, the errors shown, the step and revision),
  /// restored: the same flow. The flow made that state itself, so a refusal is a finding.
  static func restore(_ flow: FlowInstance) {
    let fields = flow.definition.fields
    let values = fields.indices.compactMap { position in
      flow.slot(position).value.map { (fields[position].id, FieldKind.input(for: $0)) }
    }
    let rejected = fields.indices.compactMap { position in
      flow.slot(position).rejected.map { (fields[position].id, $0) }
    }
    let shown = flow.definition.fieldPositions[flow.stepIndex].filter { flow.slot($0).error != nil }
      .map { fields[$0].id }
    let restored: FlowInstance
    do throws(FlowInstance.RestoreFault) {
      restored = try FlowInstance(
        restoring: flow.definition, stepId: flow.step.id, values: values, rejected: rejected,
        shownErrors: shown, revision: flow.revision, context: context)
    } catch {
      fatalError("its own export refused: \(error) on \(flow.step.id)")
    }
    guard restored.stepIndex == flow.stepIndex, restored.revision == flow.revision else {
      fatalError("restored on \(restored.step.id), exported on \(flow.step.id)")
    }
    // Errors are shown, and exported, for the current step's fields only.
    let step = flow.definition.fieldPositions[flow.stepIndex]
    for position in fields.indices {
      let (exported, back) = (flow.slot(position), restored.slot(position))
      guard exported.value == back.value, exported.rejected == back.rejected,
        !step.contains(position) || exported.error == back.error
      else {
        fatalError("\(fields[position].id) restored as \(back), exported as \(exported)")
      }
    }
    if let upgrade = flow.definition.upgrades.first {
      _ = FlowInstance.upgrading(
        flow.definition, with: upgrade, stepId: flow.step.id, values: values, rejected: [],
        revision: flow.revision, context: context)
    }
  }

  /// A value for the field: often a valid one of its kind, sometimes empty or wrong.
  static func input(for field: FieldDefinition, _ answers: inout Answers) -> FieldInput {
    let pick = answers.byte()
    guard pick % 5 != 0 else { return pick % 2 == 0 ? .null : .text("?") }
    // A valid value, asked of the kind's declaration (a choice field with none is left empty).
    let examples = field.kind.examples(field.options)
    return examples.isEmpty ? .null : examples[Int(pick) % examples.count]
  }
}
