import JSONRPC
@_spi(Engine) import PetFlowCore

/// A condition written back as a flow file writes it (`{"field": "moving", "equals": "no"}`,
/// `{"all": […]}`), for a UI that judges a `requiredWhen` again as the person answers.
extension JSONWriter {
  mutating func condition(_ condition: FlowCondition) {
    beginObject()
    switch condition {
    case .equals(let field, let value):
      member("field", field)
      key("equals")
      fieldValue(value)
    case .oneOf(let field, let values):
      member("field", field)
      key("in")
      beginArray()
      for value in values { fieldValue(value) }
      endArray()
    case .present(let field):
      member("field", field)
      member("present", true)
    case .absent(let field):
      member("field", field)
      member("absent", true)
    case .all(let conditions), .any(let conditions):
      if case .all = condition { key("all") } else { key("any") }
      beginArray()
      for inner in conditions { self.condition(inner) }
      endArray()
    case .not(let inner):
      key("not")
      self.condition(inner)
    }
    endObject()
  }
}
