// Drives a flow instance the way a UI does, in the test session (English, today 2026-11-22).
@_spi(Engine) import PetFlowCore

/// Field values as a UI sends them, in order.
typealias Inputs = [(field: String, input: FieldInput)]

/// A flow instance and the context its calls run in; each call mirrors one flow/* method.
struct FlowDriver {
  var flow: FlowInstance
  var context = session()

  init(_ definition: FlowDefinition) {
    flow = FlowInstance(definition: definition)
  }

  var stepId: String { flow.step.id }

  mutating func update(_ inputs: Inputs) throws(FlowFault) {
    try flow.update(inputs, context: context)
  }

  @discardableResult
  mutating func next(_ inputs: Inputs = []) throws(FlowFault) -> FlowInstance.Advance {
    try flow.next(inputs, context: context)
  }

  mutating func back() throws(FlowFault) { try flow.back() }

  mutating func cancel() throws(FlowFault) { try flow.cancel() }

  func validate(_ inputs: Inputs, only: [String]? = nil) throws(FlowFault) -> [String: FieldError] {
    try flow.validate(inputs, only: only, context: context)
  }

  /// The codes of the errors shown, by field id.
  var errorCodes: [String: String] { flow.errors.mapValues(\.code) }

  /// The payload of a submission, by dotted path; nil when `next` did not submit.
  static func payload(_ advance: FlowInstance.Advance) -> [String: FieldValue?]? {
    guard case .submitted(let fields) = advance else { return nil }
    var result: [String: FieldValue?] = [:]
    for field in fields { result[field.path.joined(separator: ".")] = field.value }
    return result
  }
}
