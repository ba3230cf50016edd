// A failed validation: its stable code, its parameters, its message.

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

  /// An error whose parameters are the bounds the value broke.
  static func bounds(_ code: ErrorCode, min: Int? = nil, max: Int? = nil) -> FieldError {
    var params: [Param] = []
    if let min { params.append(Param("min", .int(min))) }
    if let max { params.append(Param("max", .int(max))) }
    return FieldError(code, params)
  }

  /// The stable code, e.g. `phone.tooShort`.
  public var code: String { errorCode.rawValue }

  /// The message in `locale`, each `{name}` that names a parameter filled in (other braces stay
  /// as written).
  public func message(in locale: Locale) -> String {
    let template = errorCode.message.text(in: locale)
    guard !params.isEmpty, template.contains("{") else { return template }
    // Every piece but the first followed a `{`: a placeholder when a parameter's name ends at `}`.
    let pieces = template.split(separator: "{", omittingEmptySubsequences: false)
    var message = String(pieces.first ?? "")
    for piece in pieces.dropFirst() {
      if let close = piece.firstIndex(of: "}"),
        let param = params.first(where: { $0.name == piece[..<close] })
      {
        message += param.value.text + piece[piece.index(after: close)...]
      } else {
        message += "{" + piece
      }
    }
    return message
  }
}

/// A value interpolated into an error message: clients may also read it to build their own text.
public enum ErrorParam: Equatable, Sendable {
  case int(Int)
  case strings([String])

  /// How the value reads inside a message.
  var text: String {
    switch self {
    case .int(let value): return String(value)
    case .strings(let values): return values.joined(separator: ", ")
    }
  }
}
