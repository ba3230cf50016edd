/// A request or notification that passed the JSON-RPC 2.0 checks, ready for a handler.
///
/// Holds the parsed message once (through its params) and the tokens of its id and
/// method: every copy of a document is two reference counts.
public struct Request: Sendable {
  public let params: Params
  /// The id's token, or -1 for a notification.
  private let idToken: Int
  private let methodToken: Int

  init(idToken: Int?, methodToken: Int, params: Params) {
    self.idToken = idToken ?? -1
    self.methodToken = methodToken
    self.params = params
  }

  private var document: JSONDocument { params.document }

  /// The id's JSON text exactly as sent (so `1.0`, `-1e400` or a 20-digit number is echoed
  /// byte for byte); `nil` for a notification, which is never answered.
  public var id: ArraySlice<UInt8>? { idToken < 0 ? nil : document.rawBytes(at: idToken) }

  public var isNotification: Bool { idToken < 0 }

  /// The method's name (decoded on demand: routing uses `method(in:)`).
  public var method: String { document.string(at: methodToken) ?? "" }

  /// The position of the method's name in `table`, compared as bytes: routing without
  /// making a `String` or hashing one.
  public func method(in table: [StaticString]) -> Int? {
    document.match(methodToken, in: table)
  }
}
