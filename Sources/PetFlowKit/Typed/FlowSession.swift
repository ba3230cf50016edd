import JSONRPC
import PetFlowCore

/// One flow walked in process with typed values, no JSON: what `flow/start`, `flow/next`,
/// `flow/back`, `flow/goto`, `flow/update`, `flow/validate`, `flow/export` and `flow/import`
/// do, for an app that drives its screens from a flow. A value: copy it to keep a state, as an
/// undo stack would.
public struct FlowSession: Sendable {
  /// A flow that cannot start, or a snapshot that cannot be imported: petflowd's error for it
  /// (`code`: -32012 unknown flow, -32014 invalid snapshot) and its message.
  public struct Failure: Error, Equatable, Sendable {
    /// petflowd's error code: -32012 unknown flow, -32014 invalid snapshot.
    public let code: Int
    /// What went wrong, in English, as petflowd says it.
    public let message: String
  }

  /// A field of the current step, as a screen shows it.
  public struct Field: Sendable {
    /// The field's id: the key of the values given to `next` and `update`.
    public let id: String
    /// What it holds: its keyboard, placeholder and `change` come from it.
    public let kind: FieldKind
    /// What the screen calls it, in the session's language.
    public let label: String
    /// What to type ("For example, 52.2297"); empty when the label says it all.
    public let hint: String
    /// The choices of a choice field (species, gender, a flow's own list).
    public let options: [FieldOption]
    /// Whether it must be given: for a field required under a condition, as the condition
    /// judges the current values.
    public let required: Bool
    /// The stored value; nil when empty.
    public let value: FieldValue?
    /// The error shown since Continue (or `goto`) judged the step; nil when none.
    public let error: FieldChange.Problem?
  }

  /// The flow as it stands.
  package private(set) var flow: FlowInstance
  /// The language of labels, hints and messages.
  public var language: Language
  /// The date dates are judged against (the app's calendar: the library reads no clock).
  public var today: CalendarDate
  /// What the flow submitted, once `next` on its last step has validated every step.
  public private(set) var payload: [PayloadField]?

  /// Starts the flow `id` of `flows` (by default the built-in reports).
  public init(
    flow id: String, flows: [FlowDefinition] = FlowDefinition.all,
    language: Language = .en, today: CalendarDate = .unixEpoch
  ) throws(Failure) {
    guard let definition = flows.first(where: { $0.id == id }) else {
      throw Failure(
        code: PetFlowErrorCode.unknownFlow,
        message: "unknown flow '\(id)'; flows: \(flows.map { $0.id }.joined(separator: ", "))")
    }
    self.init(FlowInstance(definition: definition), language: language, today: today)
  }

  /// Continues from a snapshot `exportSnapshot` (or `flow/export`) wrote, refused as
  /// `flow/import` refuses it; a snapshot of an older version of the flow is upgraded.
  public init(
    importing snapshot: [UInt8], flows: [FlowDefinition] = FlowDefinition.all,
    language: Language = .en, today: CalendarDate = .unixEpoch
  ) throws(Failure) {
    let context = FieldContext(today: today, language: language)
    do throws(RPCError) {
      let imported = try Params.reading(snapshot, invalid: Self.invalidSnapshot) {
        params throws(RPCError) in
        try SnapshotReader.read(
          params, catalog: FlowCatalog(files: flows), context: context, checkLengths: { _, _ in })
      }
      self.init(imported.flow, language: language, today: today)
    } catch {
      throw Failure(code: error.code, message: error.message)
    }
  }

  private static func invalidSnapshot(_ reason: String) -> RPCError {
    RPCError(code: PetFlowErrorCode.invalidSnapshot, message: "snapshot is \(reason)")
  }

  private init(_ flow: FlowInstance, language: Language, today: CalendarDate) {
    self.flow = flow
    self.language = language
    self.today = today
  }

  private var context: FieldContext { FieldContext(today: today, language: language) }

  /// Whether the flow is active, submitted or cancelled.
  public var status: FlowStatus { flow.status }
  /// The current step's id.
  public var stepId: String { flow.step.id }
  /// The current step's title in `language`.
  public var title: String { flow.step.title.text(in: answerLanguage) }

  /// The language the flow answers in: `language` where its file declares it, else its first.
  public var answerLanguage: Language { flow.definition.language(answering: language) }
  /// "2/4": the step's place on the path so far; nil on a summary step.
  public var progress: StepProgress? { flow.progress }
  /// Whether Back goes to a previous step (on the first it ends the flow, cancelled).
  public var canGoBack: Bool { flow.canGoBack }

  /// The current step's fields with their values and shown errors.
  public var fields: [Field] {
    let positions = flow.definition.fieldPositions[flow.stepIndex]
    let language = answerLanguage
    let texts = flow.definition.kindTexts(in: language)
    return positions.map { position in
      let field = flow.definition.fields[position]
      let slot = flow.slot(position)
      return Field(
        id: field.id, kind: field.kind, label: field.label.text(in: language),
        hint: field.hint?.text(in: language) ?? field.kind.hint(in: language, texts: texts),
        options: field.options.choices,
        required: flow.isRequired(position), value: slot.value,
        error: slot.error.map { problem($0, of: field) })
    }
  }

  /// The shown errors of the current step, by field id.
  public var errors: [String: FieldChange.Problem] {
    var errors: [String: FieldChange.Problem] = [:]
    for field in fields { errors[field.id] = field.error }
    return errors
  }

  /// Stores `values` (by field id, on the current step) and continues: to the next step when
  /// this one is valid, else staying with `errors` set; on the last step every step is
  /// validated and `payload` set. Answers whether the flow moved or submitted.
  @discardableResult
  public mutating func next(_ values: [String: FieldInput] = [:]) throws(FlowFault) -> Bool {
    switch try flow.next(ordered(values), context: context) {
    case .moved: return true
    case .stayed: return false
    case .submitted(let fields):
      payload = fields
      return true
    }
  }

  /// Back to the previous step on the path, values kept; on the first step the flow ends,
  /// cancelled.
  public mutating func back() throws(FlowFault) { try flow.back() }

  /// To an earlier step on the path (a summary's Change link), or a later one every step
  /// before which validates.
  public mutating func goto(_ step: String) throws(FlowFault) {
    try flow.goto(step, context: context)
  }

  /// Stores values without validating or moving (a screen left mid-way).
  public mutating func update(_ values: [String: FieldInput]) throws(FlowFault) {
    try flow.update(ordered(values), context: context)
  }

  /// The errors `values` would have on the current step (all its fields when none are given),
  /// changing nothing: on-blur validation.
  public func validate(_ values: [String: FieldInput] = [:]) throws(FlowFault)
    -> [String: FieldChange.Problem]
  {
    let definition = flow.definition
    let errors = try flow.validate(ordered(values), only: nil, context: context)
    var problems: [String: FieldChange.Problem] = [:]
    for (id, error) in errors {
      guard let position = definition.position(of: id) else { continue }
      problems[id] = problem(error, of: definition.fields[position])
    }
    return problems
  }

  /// The flow as `flow/export` writes its snapshot (JSON bytes), for `init(importing:)` later or
  /// in another process; `id` is the snapshot's `flowId`, which only a daemon's session uses.
  public func exportSnapshot(id: String = "") -> [UInt8] {
    var writer = JSONWriter()
    writer.export(id, flow)
    return writer.bytes
  }

  /// Values in the definition's field order, so a dictionary's order never changes an answer.
  private func ordered(_ values: [String: FieldInput]) -> [(field: String, input: FieldInput)] {
    values.sorted { lhs, rhs in
      let left = flow.definition.position(of: lhs.key) ?? Int.max
      let right = flow.definition.position(of: rhs.key) ?? Int.max
      return left != right ? left < right : lhs.key < rhs.key
    }.map { (field: $0.key, input: $0.value) }
  }

  private func problem(_ error: FieldError, of field: FieldDefinition) -> FieldChange.Problem {
    FieldChange.Problem(
      code: error.code,
      message: FieldDefinition.message(
        of: error, in: answerLanguage, messages: field.messages,
        texts: flow.definition.kindTexts(in: answerLanguage)),
      error: error)
  }
}
