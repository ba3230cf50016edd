/// What the application supplies to the dispatcher: an answer for each valid request.
public protocol RequestHandler {
  /// Answers one request or notification. For a notification the result is discarded,
  /// errors included. Throwing is for protocol faults; application outcomes are results.
  mutating func handle(_ request: Request) throws(RPCError) -> JSONValue

  /// Set when the session asked to end (the `exit` notification): the status to exit with.
  /// The transport stops reading, writes what is pending, and returns.
  var requestedExitStatus: Int32? { get }
}

extension RequestHandler {
  public var requestedExitStatus: Int32? { nil }
}
