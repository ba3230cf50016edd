// Views of a flow by field id, for tests that look fields up by name (petflowd reads the
// slots in field order instead).
@_spi(Engine) import PetFlowCore

extension FlowInstance {
  /// The stored values by field id.
  var values: [String: FieldValue] { byId(\.value) }

  /// The errors being shown, by field id.
  var errors: [String: FieldError] { byId(\.error) }

  /// The rejected inputs, by field id.
  var rejected: [String: FieldInput] { byId(\.rejected) }

  /// The value of a field as its control shows it ("12345-67890-12345").
  func display(_ fieldId: String) -> String? {
    guard let position = definition.position(of: fieldId), let value = slot(position).value
    else { return nil }
    return definition.fields[position].kind.display(of: value)
  }

  /// One part of the slots, by field id, leaving out the empty ones.
  private func byId<Part>(_ part: KeyPath<Slot, Part?>) -> [String: Part] {
    var result: [String: Part] = [:]
    for (position, slot) in slots.enumerated() {
      if let value = slot[keyPath: part] { result[definition.fields[position].id] = value }
    }
    return result
  }
}

extension FlowDefinition {
  /// The field with this id, on any step.
  func field(_ id: String) -> FieldDefinition? {
    fields.first { $0.id == id }
  }
}
