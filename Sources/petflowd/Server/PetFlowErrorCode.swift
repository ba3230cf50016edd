/// Server-defined error codes of petflowd's own methods (the transport's are -32003, -32005 and
/// -32006).
enum PetFlowErrorCode {
  /// A field text longer than `--max-text-bytes`.
  static let textTooLong = -32004
  /// A `flowId` that names no flow of this session.
  static let unknownFlowId = -32010
  /// A call other than `flow/state` on a submitted or cancelled flow.
  static let flowEnded = -32011
  /// A flow definition id (or version) petflowd does not have.
  static let unknownFlow = -32012
  /// `flow/start` or `flow/import` with `--max-flows` flows already live.
  static let tooManyFlows = -32013
  /// A snapshot `flow/import` refuses: malformed, or a state the flow cannot reach.
  static let invalidSnapshot = -32014
  /// A change asked with a `rev` that is not the flow's current one.
  static let staleRevision = -32015
}
