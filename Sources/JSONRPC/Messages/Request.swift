/// A request or notification that passed the JSON-RPC 2.0 checks, ready for a handler.
public struct Request: Sendable {
  /// The id to answer with; `nil` for a notification (which is never answered).
  public let id: JSONValue?
  public let method: String
  public let params: Params

  public init(id: JSONValue?, method: String, params: Params) {
    self.id = id
    self.method = method
    self.params = params
  }

  public var isNotification: Bool { id == nil }
}
