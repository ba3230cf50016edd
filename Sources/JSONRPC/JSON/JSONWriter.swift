/// Serialises JSON values compactly into a reusable byte buffer.
///
/// Output is always valid UTF-8 JSON on one line: control characters in strings are
/// escaped, so a written value never contains a raw newline (NDJSON relies on this).
public struct JSONWriter {
  public var bytes: [UInt8]

  public init(capacity: Int = 4096) {
    bytes = []
    bytes.reserveCapacity(capacity)
  }

  /// Empties the buffer but keeps its storage, so steady-state writing allocates nothing.
  public mutating func reset() { bytes.removeAll(keepingCapacity: true) }

  public mutating func write(_ value: JSONValue) {
    switch value {
    case .null: writeRaw("null")
    case .bool(let flag): writeRaw(flag ? "true" : "false")
    case .number(let number): writeRaw(number.text)
    case .string(let string): write(string: string)
    case .array(let elements):
      bytes.append(.openBracket)
      for (index, element) in elements.enumerated() {
        if index > 0 { bytes.append(.comma) }
        write(element)
      }
      bytes.append(.closeBracket)
    case .object(let object):
      bytes.append(.openBrace)
      for (index, member) in object.members.enumerated() {
        if index > 0 { bytes.append(.comma) }
        write(string: member.name)
        bytes.append(.colon)
        write(member.value)
      }
      bytes.append(.closeBrace)
    }
  }

  /// Appends text that is already JSON (a literal, a number, punctuation).
  public mutating func writeRaw(_ text: String) {
    var text = text
    text.withUTF8 { bytes.append(contentsOf: $0) }
  }

  public mutating func write(string: String) {
    bytes.append(.quote)
    var string = string
    string.withUTF8 { utf8 in
      var runStart = 0
      for (index, byte) in utf8.enumerated()
      where byte < 0x20 || byte == .quote
        || byte == .backslash
      {
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
        appendEscape(for: byte)
        runStart = index + 1
      }
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<utf8.count]))
    }
    bytes.append(.quote)
  }

  private mutating func appendEscape(for byte: UInt8) {
    bytes.append(.backslash)
    switch byte {
    case .quote, .backslash: bytes.append(byte)
    case .lineFeed: bytes.append(.letterN)
    case .carriageReturn: bytes.append(.letterR)
    case .tab: bytes.append(.letterT)
    case 0x08: bytes.append(.letterB)
    case 0x0C: bytes.append(.letterF)
    default:
      let hex: [UInt8] = Array("0123456789abcdef".utf8)
      bytes.append(contentsOf: [.letterU, .zero, .zero, hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
    }
  }
}

extension JSONValue {
  /// The value as compact JSON text.
  public var jsonText: String {
    var writer = JSONWriter(capacity: 64)
    writer.write(self)
    return String(decoding: writer.bytes, as: UTF8.self)
  }
}
