import JSONRPC
@_spi(Engine) import PetFlowCore

/// The proof's covering paths as test fixtures (`check-flows --paths`): per path, the answers
/// to give at each step, as a client sends them, valid on a given day and leading along it.
///
/// A field's answer comes from, in order: the path's own answers (what a condition on the way
/// compares it with, or any value but those, or none), then, for a field the step needs (a
/// required one, one whose condition requires it, one a rule names), the first of its kind's
/// examples (each kind's declaration lists valid values: one fact, one place) valid on the
/// day within the file's limits, else the limits' own bounds; an optional field nothing on
/// the path needs is left empty. Answers are made one step at a time, reading the earlier
/// steps' values (FixtureAnswers.swift).
package enum FlowPathFixtures {
  /// One path, ready to replay: `initialize` with `today`, `flow/start`, then one `flow/next`
  /// per step with its values.
  package struct Path: Sendable {
    package let steps: [String]
    /// Per step of `steps`: its id and the values to send, in its fields' order (`json` is
    /// each as a client writes it).
    package let answers: [(step: String, values: [(field: String, value: FieldInput)])]
  }

  package enum Failure: Error, Sendable, Equatable {
    /// The conditions keep too many answers apart to list paths (check-flows says where).
    case tooWide
    /// No example of the field's kind is valid on the day (a date before every example), or
    /// every one is a value the path must avoid.
    case noAnswer(step: String, field: String, kind: String)
    /// No answers the step may give make one of its rules pass.
    case unsatisfiable(step: String, rule: String)
  }

  package static func paths(_ definition: FlowDefinition, today: CalendarDate) -> Result<
    [Path], Failure
  > {
    guard let cover = FlowPathProof.cover(definition, maxCombinations: FlowLimits.combinations)
    else { return .failure(.tooWide) }
    var paths: [Path] = []
    for path in cover {
      var answers: [(step: String, values: [(field: String, value: FieldInput)])] = []
      var earlier: [String: FieldValue] = [:]
      for (place, index) in path.steps.enumerated() {
        let step = definition.steps[index]
        switch Self.answers(for: step, given: path.answers[place], earlier: &earlier, today: today)
        {
        case .success(let values): answers.append((step.id, values))
        case .failure(let failure): return .failure(failure)
        }
      }
      paths.append(Path(steps: path.steps.map { definition.steps[$0].id }, answers: answers))
    }
    return .success(paths)
  }

  /// One step's values (FixtureAnswers), as a client sends them.
  private static func answers(
    for step: StepDefinition, given: [FlowPathProof.Answer], earlier: inout [String: FieldValue],
    today: CalendarDate
  ) -> Result<[(field: String, value: FieldInput)], Failure> {
    switch FixtureAnswers.values(for: step, given: given, earlier: earlier, today: today) {
    case .success(let values):
      for (field, value) in values { earlier[field] = value }
      return .success(values.map { ($0.field, FieldKind.input(for: $0.value)) })
    case .failure(.noAnswer(let id)):
      let kind = step.fields.first { $0.id == id }?.kind.rawValue ?? ""
      return .failure(.noAnswer(step: step.id, field: id, kind: kind))
    case .failure(.unsatisfiable(let rule)):
      return .failure(.unsatisfiable(step: step.id, rule: rule))
    }
  }
}

extension FieldInput {
  /// The value as a client sends it.
  package var json: JSONValue {
    switch self {
    case .null: return .null
    case .bool(let flag): return .bool(flag)
    case .text(let text): return .string(text)
    case .number(let parts): return .number(JSONNumber(JSONNumber.Parts(parts)))
    case .photo(let photo):
      var members: [(String, JSONValue)] = [
        ("uri", .string(photo.uri)), ("mimeType", .string(photo.mimeType)),
      ]
      if let size = photo.sizeBytes { members.append(("sizeBytes", .number(JSONNumber(size)))) }
      if let name = photo.fileName { members.append(("fileName", .string(name))) }
      return .object(JSONObject(members))
    }
  }
}
