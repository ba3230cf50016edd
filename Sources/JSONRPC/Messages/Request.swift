/// A request or notification that passed the JSON-RPC 2.0 checks, ready for a handler.
public struct Request: Sendable {
  /// The id's JSON text exactly as sent (so `1.0`, `-1e400` or a 20-digit number is echoed
  /// byte for byte); `nil` for a notification, which is never answered.
  public let id: ArraySlice<UInt8>?
  public let params: Params
  private let document: JSONDocument
  private let methodToken: Int

  init(id: ArraySlice<UInt8>?, document: JSONDocument, methodToken: Int, params: Params) {
    self.id = id
    self.document = document
    self.methodToken = methodToken
    self.params = params
  }

  public var isNotification: Bool { id == nil }

  /// The method's name (decoded on demand: routing uses `method(in:)`).
  public var method: String { document.string(at: methodToken) ?? "" }

  /// The position of the method's name in `table`, compared as bytes: routing without
  /// making a `String` or hashing one.
  public func method(in table: [StaticString]) -> Int? {
    document.match(methodToken, in: table)
  }
}
