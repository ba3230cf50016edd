/// A failed validation: a stable code, its parameters, and a message looked up by code.
public struct FieldError: Equatable, Sendable {
  /// One named parameter; the order is the order the catalog documents.
  public struct Param: Equatable, Sendable {
    public let name: String
    public let value: ErrorParam

    package init(_ name: String, _ value: ErrorParam) {
      self.name = name
      self.value = value
    }
  }

  public let code: String
  public let params: [Param]

  package init(_ code: ErrorCode, _ params: [Param] = []) {
    self.code = code.rawValue
    self.params = params
  }

  /// The message in `locale`, with `{name}` placeholders filled from the parameters.
  public func message(in locale: Locale) -> String {
    MessageCatalog.fill(MessageCatalog.template(code, in: locale), with: params)
  }
}
