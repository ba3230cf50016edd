/// A flow as data: its id and version, and its ordered steps with their fields.
///
/// A new flow is a new definition, not new control code: `FlowInstance` runs any of them. A class,
/// so that each of a session's flows holds one reference to its definition, not a copy of its
/// seven arrays (10,000 live flows: 0.5 MiB).
public final class FlowDefinition: Sendable {
  public let id: String
  public let version: Int
  public let steps: [StepDefinition]
  /// Where each field's value goes in the submission payload; fields not listed (such as
  /// reportFoundPet's caregiver phone and address) never leave the flow.
  public let payload: [PayloadEntry]

  /// Every field of every step, in order. A field's position here is where a flow keeps
  /// what it holds for it.
  public let fields: [FieldDefinition]
  /// The positions (in `fields`) of each step's fields.
  public let fieldPositions: [Range<Int>]
  /// Each step's progress: its position among the form steps ("2/4"), or `nil` for a
  /// summary, which does not count. Worked out once, since every snapshot shows it.
  private let progressByStep: [StepProgress?]

  public init(id: String, version: Int, steps: [StepDefinition], payload: [PayloadEntry]) {
    self.id = id
    self.version = version
    self.steps = steps
    self.payload = payload
    fields = steps.flatMap(\.fields)
    var start = 0
    fieldPositions = steps.map { step in
      defer { start += step.fields.count }
      return start..<(start + step.fields.count)
    }
    let total = steps.count { $0.kind == .form }
    var current = 0
    progressByStep = steps.map { step in
      guard step.kind == .form else { return nil }
      current += 1
      return StepProgress(current: current, total: total)
    }
  }

  public func position(of id: String) -> Int? {
    fields.firstIndex { $0.id == id }
  }

  public func stepIndex(ofField position: Int) -> Int {
    fieldPositions.firstIndex { $0.contains(position) } ?? 0
  }

  /// The progress shown on a step, or `nil` for a summary.
  public func progress(ofStep index: Int) -> StepProgress? {
    progressByStep.indices.contains(index) ? progressByStep[index] : nil
  }
}

/// One screen of a flow.
public struct StepDefinition: Sendable {
  public enum Kind: String, Sendable {
    /// Fields to fill in, validated on Continue.
    case form
    /// No fields: shows everything entered before submitting.
    case summary
  }

  public let id: String
  public let kind: Kind
  public let title: LocalizedText
  public let fields: [FieldDefinition]

  public init(id: String, kind: Kind = .form, title: LocalizedText, fields: [FieldDefinition]) {
    self.id = id
    self.kind = kind
    self.title = title
    self.fields = fields
  }
}

/// One field of a step: which kind of field it is and what the flow asks of it.
public struct FieldDefinition: Sendable {
  public let id: String
  public let kind: FieldKind
  public let label: LocalizedText
  public let options: FieldOptions

  public init(
    _ id: String, _ kind: FieldKind, label: LocalizedText, options: FieldOptions = FieldOptions()
  ) {
    self.id = id
    self.kind = kind
    self.label = label
    self.options = options
  }
}

/// "Step 2 of 4": the numbers and the label a navigation bar shows.
public struct StepProgress: Equatable, Sendable {
  public let current: Int
  public let total: Int
  public let label: String

  init(current: Int, total: Int) {
    self.current = current
    self.total = total
    label = "\(current)/\(total)"
  }
}

/// Where one field's value lands in the payload: a path of object member names.
public struct PayloadEntry: Sendable {
  public let path: [String]
  public let field: String

  public init(_ path: String, from field: String) {
    self.path = path.split(separator: ".").map(String.init)
    self.field = field
  }
}
