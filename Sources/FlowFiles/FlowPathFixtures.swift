import JSONRPC
import PetFlowCore

/// The proof's covering paths as test fixtures (`check-flows --paths`): per path, the answers
/// to give at each step, as a client sends them, valid on a given day and leading along it.
///
/// A field's answer comes from, in order: the path's own answers (what a condition on the way
/// compares it with, or any value but those, or none), then, for a required field, the first
/// of its kind's examples (each kind's declaration lists valid values: one fact, one place)
/// valid on the day; an optional field nothing on the path needs is left empty. Answers are
/// made one step at a time (`answers(for:)`), so a constraint across a step's fields, such as
/// a rule comparing two of them, is one more adjustment there.
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
  }

  package static func paths(_ definition: FlowDefinition, today: CalendarDate) -> Result<
    [Path], Failure
  > {
    guard let cover = FlowPathProof.cover(definition, maxCombinations: FlowLimits.combinations)
    else { return .failure(.tooWide) }
    var paths: [Path] = []
    for path in cover {
      var answers: [(step: String, values: [(field: String, value: FieldInput)])] = []
      for (place, index) in path.steps.enumerated() {
        let step = definition.steps[index]
        switch Self.answers(for: step, given: path.answers[place], today: today) {
        case .success(let values): answers.append((step.id, values))
        case .failure(let failure): return .failure(failure)
        }
      }
      paths.append(Path(steps: path.steps.map { definition.steps[$0].id }, answers: answers))
    }
    return .success(paths)
  }

  /// One step's values: what the path says of each field, else a sample for a required one.
  private static func answers(
    for step: StepDefinition, given: [FlowPathProof.Answer], today: CalendarDate
  ) -> Result<[(field: String, value: FieldInput)], Failure> {
    var values: [(field: String, value: FieldInput)] = []
    for field in step.fields {
      let answer = given.first { $0.field == field.id }?.value
      let avoided: [FieldValue]
      switch answer {
      case .absent?: continue
      case .value(let value)?:
        values.append((field.id, FieldKind.input(for: value)))
        continue
      case .otherThan(let compared)?: avoided = compared
      case nil:
        guard field.options.required else { continue }
        avoided = []
      }
      guard let sample = sample(of: field, avoiding: avoided, today: today) else {
        return .failure(.noAnswer(step: step.id, field: field.id, kind: field.kind.rawValue))
      }
      values.append((field.id, sample))
    }
    return .success(values)
  }

  /// The first example of the field's kind that is valid on `today` and none of `avoided`, as
  /// a flow stores it.
  private static func sample(
    of field: FieldDefinition, avoiding avoided: [FieldValue], today: CalendarDate
  ) -> FieldInput? {
    let context = FieldContext(today: today)
    for example in field.kind.examples(field.options) {
      guard let value = field.kind.read(example, options: field.options, context: context).value,
        !avoided.contains(value)
      else { continue }
      return FieldKind.input(for: value)
    }
    return nil
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
