/// A request or notification that passed the JSON-RPC 2.0 checks, ready for a handler: its
/// method's name, its params, and whether it has an id to answer.
public struct Request {
  let methodToken: Int
  /// The id's token; nil for a notification, which is never answered.
  let idToken: Int?
  public let params: Params

  public var isNotification: Bool { idToken == nil }

  /// The method's name, decoded, for messages (routing compares bytes with `isMethod`).
  public var method: String { params.document.string(at: methodToken) ?? "" }

  /// Whether the method is `name`, compared as bytes: routing without making a `String`.
  public func isMethod(_ name: String) -> Bool {
    params.document.isString(at: methodToken, name)
  }
}
