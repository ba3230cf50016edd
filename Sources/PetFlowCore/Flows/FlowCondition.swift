/// Which way a step goes: its `next` entries, each a condition on field values (data, never an
/// expression string) and the step it leads to.
@_spi(Engine) public indirect enum FlowCondition: Sendable, Equatable {
  /// The field holds this value, as a flow stores it (an option id, digits, a number).
  case equals(field: String, FieldValue)
  /// The field holds one of these values.
  case oneOf(field: String, [FieldValue])
  /// The field holds a value.
  case present(field: String)
  /// The field holds none: empty, a rejected input, or on a step off the path (dormant).
  case absent(field: String)
  /// Every one of these holds.
  case all([FlowCondition])
  /// At least one of these holds.
  case any([FlowCondition])
  /// This does not hold.
  case not(FlowCondition)
}

/// One entry of a step's `next`: where the flow goes when `condition` holds (always, without
/// one) and no earlier entry's did.
@_spi(Engine) public struct StepTransition: Sendable, Equatable {
  /// When the entry applies; nil: always.
  public let condition: FlowCondition?
  /// The id of a later step.
  public let target: String

  /// Goes to `target` when `condition` holds (always, without one).
  public init(when condition: FlowCondition? = nil, goto target: String) {
    self.condition = condition
    self.target = target
  }
}
