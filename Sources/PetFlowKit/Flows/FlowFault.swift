/// A request a flow cannot take: the caller's mistake, not the user's (those are
/// validation errors, carried in results).
public enum FlowFault: Error, Equatable, Sendable {
  /// The flow is submitted or cancelled: only its state can be read.
  case ended(FlowStatus)
  /// A value for a field this flow does not have.
  case unknownField(String)
  /// A value for a field of another step (its step's id given).
  case fieldNotOnCurrentStep(field: String, step: String)
  /// A step this flow does not have (flow/goto).
  case unknownStep(String)
  /// A step that cannot be shown because an earlier one does not validate (its id given).
  case unreachableStep(step: String, failingStep: String)
}
