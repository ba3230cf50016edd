/// What a flow or a request says about one field: whether it must be filled, and a text cap.
public struct FieldOptions: Sendable, Equatable {
  public var required: Bool = false
  /// The `text` kind's hard cap in grapheme clusters; no other kind reads it.
  public var maxLength: Int? = nil

  public init(required: Bool = false, maxLength: Int? = nil) {
    self.required = required
    self.maxLength = maxLength
  }
}
