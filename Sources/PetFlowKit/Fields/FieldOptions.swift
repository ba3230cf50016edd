/// What a flow or a request says about one field: whether it must be filled, a text cap, and a
/// choice field's options.
public struct FieldOptions: Sendable, Equatable {
  public var required: Bool = false
  /// The `text` kind's hard cap in grapheme clusters; no other kind reads it.
  public var maxLength: Int? = nil
  /// The options of a `choice` field, which its flow declares; no other kind reads them.
  public var choices: [FieldOption] = []

  public init(required: Bool = false, maxLength: Int? = nil, choices: [FieldOption] = []) {
    self.required = required
    self.maxLength = maxLength
    self.choices = choices
  }
}
