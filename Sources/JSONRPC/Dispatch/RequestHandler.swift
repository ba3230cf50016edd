/// What the application supplies to the dispatcher: an answer for each valid request.
public protocol RequestHandler {
  /// Answers one request or notification by writing its result (one JSON value) to
  /// `result`. For a notification what is written is discarded, errors included. Throwing
  /// is for protocol faults: the dispatcher then drops anything written and answers the
  /// error instead. Application outcomes (a failed validation) are results.
  mutating func handle(_ request: Request, result: inout JSONWriter) throws(RPCError)

  /// Set when the session asked to end (the `exit` notification): the status to exit with.
  /// The transport stops reading, writes what is pending, and returns.
  var requestedExitStatus: Int32? { get }
}
