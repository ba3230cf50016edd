/// A flow as data: its id, version and title, and its ordered steps with their fields and the
/// conditions that choose the way through them. A new flow is a new definition, not new control
/// code: `FlowInstance` runs any of them. A class, so that each of a session's flows holds one
/// reference to its definition, not a copy of its arrays (10,000 live flows: 0.5 MiB).
public final class FlowDefinition: Sendable {
  /// The flow's id, what `FlowSession(flow:)` and `flow/start` take (`reportMissingPet`).
  public let id: String
  /// Grows when the structure changes; a snapshot of an older version is upgraded on import.
  public let version: Int64
  /// What `flow/list` calls the flow.
  public let title: LocalizedText
  /// The steps, in order: without a `next`, Continue goes to the following one.
  public let steps: [StepDefinition]
  /// Where each field's value goes in the submission payload; fields not listed (such as
  /// reportFoundPet's caregiver phone and address) never leave the flow.
  public let payload: [PayloadEntry]
  /// How snapshots of older versions become this one.
  package let upgrades: [FlowUpgrade]
  /// The languages its texts are in (a file's `languages`), the first answering for the others.
  public let languages: [Language]
  /// Its file's texts for the kinds in the languages petflowd does not ship (FlowLanguages.swift).
  package let translations: FlowTranslations

  /// Every field of every step, in order. A field's position here is where a flow keeps
  /// what it holds for it.
  public let fields: [FieldDefinition]
  /// The positions (in `fields`) of each step's fields.
  public let fieldPositions: [Range<Int>]
  /// The step of the field at each position.
  let stepOfField: [Int]
  /// Each step's `next`, compiled.
  let routes: FlowRoutes
  /// Whether each step is a form step (counted by progress).
  let isForm: [Bool]
  /// The most form steps on a path from each step to the end, every branch still open.
  let longestFrom: [Int]
  /// Whether no step has a `next`: every instance walks every step, and nothing is dormant.
  let isLinear: Bool
  /// Whether some field is required under a condition, and whether some step has rules: without
  /// them (the built-in reports) judging a step and writing one looks at neither, per field or
  /// per step (FlowInstance+Rules.swift).
  package let hasRequiredWhen: Bool
  package let hasRules: Bool
  /// The path through every step, shared by every instance of a flow without branches.
  let wholePath: FlowPath
  /// Whether some field has limits, and some field or step its own hint or description: a flow
  /// without (every built-in one) asks its fields for none (FieldDefinition+Judging.swift).
  let narrows: Bool
  package let hasOwnTexts: Bool
  /// A stable hash of the structure (steps, fields, kinds, options, conditions, payload; not
  /// the texts): 16 hex digits, written into exports, so that a snapshot of another structure
  /// under the same version is refused.
  public let digest: String
  private let progressByStep: [StepProgress?]

  /// `digest`, when given, is the structure's digest worked out before (the built-in flows'
  /// source carries it, so that their first use hashes nothing); a test keeps it true.
  package init(
    id: String, version: Int64, title: LocalizedText? = nil, steps: [StepDefinition],
    payload: [PayloadEntry], upgrades: [FlowUpgrade] = [], digest: String? = nil,
    languages: [Language] = Language.shipped, translations: FlowTranslations = FlowTranslations([:])
  ) {
    self.languages = languages.isEmpty ? Language.shipped : languages
    self.translations = translations
    self.id = id
    self.version = version
    self.title = title ?? LocalizedText(en: id, pl: id)
    self.steps = steps
    self.payload = payload
    self.upgrades = upgrades
    let fields = steps.flatMap { $0.fields }
    self.fields = fields
    narrows = fields.contains { $0.limits != nil }
    hasOwnTexts = fields.contains { $0.hint != nil } || steps.contains { $0.description != nil }
    var start = 0
    var stepOfField: [Int] = []
    fieldPositions = steps.enumerated().map { index, step in
      defer { start += step.fields.count }
      stepOfField += repeatElement(index, count: step.fields.count)
      return start..<(start + step.fields.count)
    }
    self.stepOfField = stepOfField
    let routes = FlowRoutes(steps, fields: fields)
    self.routes = routes
    isLinear = routes.lastBranching < 0
    hasRequiredWhen = fields.contains { $0.requiredWhen != nil }
    hasRules = steps.contains { !$0.rules.isEmpty }
    wholePath = FlowPath(stepCount: steps.count, isWhole: true)
    isForm = steps.map { $0.kind == .form }
    let listed = StepProgress.listed(isForm: isForm, routes: routes)
    progressByStep = listed.progress
    longestFrom = listed.longestFrom
    self.digest = digest ?? FlowDigest.digest(of: steps, payload: payload)
  }

  /// The position in `fields` of the field `id`; nil when the flow has none.
  public func position(of id: String) -> Int? {
    fields.firstIndex { $0.id == id }
  }

  /// The index in `steps` of the step holding the field at `position` (0 when out of range).
  public func stepIndex(ofField position: Int) -> Int {
    stepOfField.indices.contains(position) ? stepOfField[position] : 0
  }

  /// The progress `flow/list` shows on a step, or `nil` for a summary.
  public func progress(ofStep index: Int) -> StepProgress? {
    progressByStep.indices.contains(index) ? progressByStep[index] : nil
  }
}

/// One screen of a flow.
public struct StepDefinition: Sendable {
  /// What a step shows: fields, or the summary before submitting.
  public enum Kind: String, Sendable {
    /// Fields to fill in, validated on Continue.
    case form
    /// No fields: shows everything entered before submitting.
    case summary
  }

  /// The step's id, unique in its flow: what `goto` takes.
  public let id: String
  /// A form or a summary.
  public let kind: Kind
  /// What the screen is called, in each language.
  public let title: LocalizedText
  /// Its fields, in the order the screen shows them.
  public let fields: [FieldDefinition]
  /// Where Continue goes: the first entry whose condition holds; empty for the following step.
  public let next: [StepTransition]
  /// Guidance shown above the step's fields (a flow file's `description`); a text, not structure.
  public var description: LocalizedText?
  /// Rules across its fields, judged in order after each field's own judgement (StepRule.swift).
  public let rules: [StepRule]

  /// A step, a form by default, going on to the following step unless `next` says otherwise.
  public init(
    id: String, kind: Kind = .form, title: LocalizedText, fields: [FieldDefinition],
    next: [StepTransition] = [], rules: [StepRule] = []
  ) {
    self.id = id
    self.kind = kind
    self.title = title
    self.fields = fields
    self.next = next
    self.rules = rules
  }
}

/// One field of a step: which kind of field it is and what the flow asks of it.
public struct FieldDefinition: Sendable {
  /// The field's id, unique in its flow: the key of values given to a step.
  public let id: String
  /// What it holds, and so how it is typed, formatted and judged.
  public let kind: FieldKind
  /// What the screen calls it, in each language.
  public let label: LocalizedText
  /// Whether it is required, its cap and its choices.
  public let options: FieldOptions
  /// What a flow file says of the field beyond these (its `hint`, `messages` and `limits`,
  /// FieldDefinition+Judging.swift); nil for most fields.
  var extras: FieldExtras?
  /// Where it is required only under a condition (a file's `"required": {condition}`): judged
  /// on the values as they stand; `options.required` is then false (required always).
  public let requiredWhen: FlowCondition?

  /// A field `id` of `kind`, with its label and options.
  public init(
    _ id: String, _ kind: FieldKind, label: LocalizedText, options: FieldOptions = FieldOptions(),
    requiredWhen: FlowCondition? = nil
  ) {
    self.id = id
    self.kind = kind
    self.label = label
    self.options = options
    self.requiredWhen = requiredWhen
  }
}

/// Where one field's value lands in the payload: a path of object member names.
public struct PayloadEntry: Sendable {
  /// The payload's member names, outermost first (`["animal", "chipNumber"]`).
  public let path: [String]
  /// The field whose value goes there; empty for a constant.
  public let field: String
  /// A value sent as it is, whatever the answers (`{"value": "injuredAnimal"}`).
  public let constant: PayloadConstant?

  /// The value of `field` at `path`, member names joined by dots (`animal.chipNumber`).
  public init(_ path: String, from field: String) {
    self.path = path.split(separator: ".").map(String.init)
    self.field = field
    constant = nil
  }

  /// A constant at `path`, sent whatever the answers.
  public init(_ path: String, constant: PayloadConstant) {
    self.path = path.split(separator: ".").map(String.init)
    field = ""
    self.constant = constant
  }
}

/// A constant of a payload: a JSON string, number (as written) or boolean.
public enum PayloadConstant: Sendable, Equatable {
  /// A JSON string.
  case string(String)
  /// A JSON number, its digits kept as the file writes them.
  case number(NumberParts)
  /// `true` or `false`.
  case bool(Bool)
}
