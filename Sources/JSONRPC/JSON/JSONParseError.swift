/// Why a document is not JSON, and the byte offset where the reader gave up.
public struct JSONParseError: Error, Equatable, Sendable, CustomStringConvertible {
  public enum Reason: String, Sendable {
    case empty = "empty input"
    case unexpectedEnd = "unexpected end of input"
    case unexpectedByte = "unexpected character"
    case invalidLiteral = "invalid literal"
    case invalidNumber = "invalid number"
    case invalidEscape = "invalid escape sequence"
    case unpairedSurrogate = "unpaired UTF-16 surrogate in \\u escape"
    case controlCharacter = "unescaped control character in string"
    case invalidUTF8 = "invalid UTF-8"
    case trailingComma = "trailing comma"
    case trailingContent = "content after the JSON value"
    case tooDeep = "nesting too deep"
  }

  public let reason: Reason
  /// Offset of the offending byte from the start of the document.
  public let offset: Int

  public var description: String { "\(reason.rawValue) at byte \(offset)" }
}
