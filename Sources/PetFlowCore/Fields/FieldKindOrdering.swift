/// Which kinds' values have an order a flow's rules may compare (`<`, `>=` …), asked of the
/// declaration as the rest of the code asks a kind.
@_spi(Engine) public enum ValueOrdering: Sendable, Equatable {
  /// Days (`YYYY-MM-DD`), and the session's today.
  case date
  /// Numbers of one kind: an age, a latitude, a longitude.
  case number
}

extension FieldKind {
  /// The order its values have; nil for a kind whose values are only equal or not.
  @_spi(Engine) public var ordering: ValueOrdering? {
    if case .kept(.date) = declaration.editing { return .date }
    // A kind whose values are stored as numbers (its examples read to one).
    let context = FieldContext(today: CalendarDate.unixEpoch)
    for case .text(let text) in examples(FieldOptions()) {
      switch read(.text(text), options: FieldOptions(), context: context).value {
      case .integer?, .decimal?: return .number
      case .string?, .photo?, nil: continue
      }
    }
    return nil
  }
}
