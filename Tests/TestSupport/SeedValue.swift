// A value a UI gives a field, in no module's types: each suite turns it into what it sends.

public enum SeedValue: Sendable, CustomStringConvertible {
  /// JSON null: no value.
  case null
  case text(String)
  /// A number as its JSON text (`"52.2297"`, `"-1e3"`), so both sides read the same spelling.
  case number(String)
  case bool(Bool)
  /// The seed's example photo (a JPEG of 183,204 bytes); each suite holds its own copy.
  case photo

  public var description: String {
    switch self {
    case .null: "null"
    case .text(let text): "\"\(text)\""
    case .number(let json): json
    case .bool(let flag): "\(flag)"
    case .photo: "the seed's photo"
    }
  }
}
