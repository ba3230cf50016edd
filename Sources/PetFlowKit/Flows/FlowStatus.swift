/// Where a flow instance is in its life.
public enum FlowStatus: String, Sendable {
  case active
  /// Completed: every step validated and the payload handed out. Values are cleared.
  case submitted
  /// Left by Back on the first step or by cancel. Values are cleared.
  case cancelled
}
