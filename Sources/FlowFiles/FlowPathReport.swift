import JSONRPC
import PetFlowCore

/// The third pass: the path proof over a definition whose references are sound, its findings turned
/// into problems at their places in the file. Every path must reach its end with every required
/// field of its steps reaching the payload; every step and every `next` entry must be on some path.
struct FlowPathReport {
  var reading: FileReading
  let draft: FlowDraft
  let definition: FlowDefinition

  mutating func check() {
    switch FlowPathProof.prove(definition, maxCombinations: FlowLimits.combinations) {
    case .tooManyCombinations(let step, let count):
      let shown =
        count > FlowLimits.combinations ? "more than \(FlowLimits.combinations)" : "\(count)"
      reading.report(
        .size, at: draft.steps[step].pointer,
        "the conditions at and after step '\(definition.steps[step].id)' test fields with \(shown) combinations of answers; the limit is \(FlowLimits.combinations)"
      )
    case .proof(let proof):
      report(proof)
    }
  }

  private mutating func report(_ proof: FlowPathProof) {
    for step in proof.unreachableSteps {
      reading.report(
        .unreachableStep, at: draft.steps[step].pointer,
        "no answers lead to step '\(definition.steps[step].id)'")
    }
    for (step, entry) in proof.untakenEntries {
      let target = definition.steps[step].next[entry].target
      reading.report(
        .deadBranch, at: draft.steps[step].next[entry].pointer,
        "no answers take this entry to '\(target)': the entries before it always decide first, or its condition never holds"
      )
    }
    let sent = Set(definition.payload.map { $0.field })
    for (index, step) in definition.steps.enumerated() {
      guard let witness = proof.witness(reaching: index) else { continue }
      for (place, field) in step.fields.enumerated()
      where field.options.required && !sent.contains(field.id) {
        reading.report(
          .incompletePath, at: draft.steps[index].fields[place].pointer,
          "required field '\(field.id)' never reaches the payload, on the path \(describe(witness))"
        )
      }
      // Required under a condition: a gap only on answers where the condition holds.
      for (place, field) in step.fields.enumerated()
      where field.requiredWhen != nil && !sent.contains(field.id) {
        let position = definition.fieldPositions[index].lowerBound + place
        guard let witness = proof.witness(requiring: position) else { continue }
        reading.report(
          .incompletePath, at: draft.steps[index].fields[place].pointer,
          "field '\(field.id)', required where its condition holds, never reaches the payload, on the path \(describe(witness))"
        )
      }
    }
  }

  /// `photo → where → contact (stillThere = "yes")`.
  private func describe(_ witness: FlowPathProof.Witness) -> String {
    let steps = witness.steps.map { definition.steps[$0].id }.joined(separator: " → ")
    guard !witness.answers.isEmpty else { return steps }
    let answers = witness.answers.map { answer -> String in
      switch answer.value {
      case .absent: return "\(answer.field) empty"
      case .value(let value): return "\(answer.field) = \(Self.json(value))"
      case .otherThan(let values) where values.isEmpty: return "\(answer.field) given"
      case .otherThan(let values):
        return "\(answer.field) given, not \(values.map(Self.json).joined(separator: " or "))"
      }
    }
    return "\(steps) (\(answers.joined(separator: ", ")))"
  }

  private static func json(_ value: FieldValue) -> String {
    switch value {
    case .string(let text): return JSONValue.string(text).jsonText
    case .integer(let number): return String(number)
    case .decimal(let number): return number.description
    case .photo: return "a photo"
    }
  }
}
