/// A flow as data: its id and version, and its ordered steps with their fields.
///
/// A new flow is a new definition, not new control code: `FlowInstance` runs any of them.
public struct FlowDefinition: Sendable {
  public let id: String
  public let version: Int
  public let steps: [StepDefinition]
  /// Where each field's value goes in the submission payload; fields not listed (such as
  /// reportFoundPet's caregiver phone and address) never leave the flow.
  public let payload: [PayloadEntry]

  /// Form steps count towards progress ("2/4"); a summary step does not.
  public var formStepCount: Int { formSteps(before: steps.count) }

  /// The field with this id on any step, and the index of its step.
  public func field(_ id: String) -> (field: FieldDefinition, stepIndex: Int)? {
    for (index, step) in steps.enumerated() {
      if let field = step.fields.first(where: { $0.id == id }) { return (field, index) }
    }
    return nil
  }

  /// The progress shown on a step: its position among the form steps, or `nil` for a summary.
  public func progress(ofStep index: Int) -> StepProgress? {
    guard steps.indices.contains(index), steps[index].kind == .form else { return nil }
    return StepProgress(current: formSteps(before: index) + 1, total: formStepCount)
  }

  /// Form steps among the first `end`; read by index, since passing whole steps to a closure
  /// copied each one (title, fields and all) on every snapshot.
  private func formSteps(before end: Int) -> Int {
    var count = 0
    for index in steps.indices.prefix(end) where steps[index].kind == .form { count += 1 }
    return count
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
  public var label: String { "\(current)/\(total)" }
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

/// A text in each catalog language.
public struct LocalizedText: Sendable {
  public let en: String
  public let pl: String

  public init(en: String, pl: String) {
    self.en = en
    self.pl = pl
  }

  public func text(in locale: Locale) -> String {
    switch locale {
    case .en: return en
    case .pl: return pl
    }
  }
}
