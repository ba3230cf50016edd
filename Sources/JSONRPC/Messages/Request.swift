/// A request or notification that passed the JSON-RPC 2.0 checks, ready for a handler.
public struct Request: Sendable {
  /// The id's JSON text exactly as sent (so `1.0`, `-1e400` or a 20-digit number is echoed
  /// byte for byte); `nil` for a notification, which is never answered.
  public let id: ArraySlice<UInt8>?
  public let method: String
  public let params: Params

  public init(id: ArraySlice<UInt8>?, method: String, params: Params) {
    self.id = id
    self.method = method
    self.params = params
  }

  public var isNotification: Bool { id == nil }
}
