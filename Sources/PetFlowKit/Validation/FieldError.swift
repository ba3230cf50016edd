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

  let errorCode: ErrorCode
  public let params: [Param]

  package init(_ code: ErrorCode, _ params: [Param] = []) {
    errorCode = code
    self.params = params
  }

  /// The stable code, e.g. `phone.tooShort`.
  public var code: String { errorCode.rawValue }

  /// The message in `locale`, each `{name}` that names a parameter filled in (other braces stay
  /// as written), in one pass.
  public func message(in locale: Locale) -> String {
    let template = errorCode.message.text(in: locale)
    guard !params.isEmpty, template.contains("{") else { return template }
    var result = ""
    var rest = template[...]
    while let open = rest.firstIndex(of: "{") {
      result += rest[..<open]
      let afterOpen = rest.index(after: open)
      guard let close = rest[afterOpen...].firstIndex(of: "}") else {
        rest = rest[open...]
        break
      }
      let name = rest[afterOpen..<close]
      if let param = params.first(where: { $0.name == name }) {
        result += param.value.text
      } else {
        result += rest[open...close]
      }
      rest = rest[rest.index(after: close)...]
    }
    return result + rest
  }
}
