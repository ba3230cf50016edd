/// A selection in a field, as offsets in the context's encoding; a caret is an empty selection.
public struct FieldSelection: Equatable, Sendable {
  public var start: Int
  public var end: Int

  public init(start: Int, end: Int) {
    self.start = start
    self.end = end
  }

  public static func caret(_ offset: Int) -> FieldSelection {
    FieldSelection(start: offset, end: offset)
  }

  public var isEmpty: Bool { start == end }

  /// Start before end and neither negative, so no later step has to care which way it came.
  var ordered: FieldSelection {
    let low = max(0, min(start, end))
    return FieldSelection(start: low, end: max(low, start, end))
  }
}
