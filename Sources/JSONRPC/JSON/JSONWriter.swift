/// Serialises JSON compactly into a reusable byte buffer.
///
/// Output is always valid UTF-8 JSON on one line: control characters in strings are
/// escaped, so a written value never contains a raw newline (NDJSON relies on this).
/// Hot paths write members straight in (`writeRaw` for pre-spelled punctuation and keys,
/// `write(string:)`, `write(int:)`); `write(_:)` writes a whole `JSONValue` tree.
public struct JSONWriter {
  /// Zero-filled ahead of `count`, so a write is a bounds check and one copy rather than
  /// the generic append path (which cost more than the bytes it copied, on every key).
  private var storage: [UInt8]
  /// How many bytes are written.
  public private(set) var count = 0

  public init(capacity: Int = 4096) {
    storage = [UInt8](repeating: 0, count: max(capacity, 64))
  }

  /// The bytes written so far.
  public var bytes: ArraySlice<UInt8> { storage[0..<count] }

  /// Empties the buffer but keeps its storage, so steady-state writing allocates nothing.
  public mutating func reset() { count = 0 }

  /// Cuts the buffer back to `newCount` bytes (to drop a partly written answer).
  public mutating func truncate(to newCount: Int) {
    count = min(count, max(0, newCount))
  }

  public mutating func append(_ byte: UInt8) {
    reserve(1)
    storage[count] = byte
    count += 1
  }

  public mutating func append(contentsOf source: UnsafeBufferPointer<UInt8>) {
    guard let sourceBase = source.baseAddress, !source.isEmpty else { return }
    reserve(source.count)
    let offset = count
    storage.withUnsafeMutableBufferPointer { target in
      guard let targetBase = target.baseAddress else { return }
      (targetBase + offset).update(from: sourceBase, count: source.count)
    }
    count += source.count
  }

  public mutating func append(contentsOf source: ArraySlice<UInt8>) {
    source.withUnsafeBufferPointer { append(contentsOf: $0) }
  }

  /// Makes room for `extra` more bytes, doubling so growth is amortised.
  private mutating func reserve(_ extra: Int) {
    let needed = count + extra
    guard needed > storage.count else { return }
    let grown = max(needed, storage.count * 2)
    storage.append(contentsOf: repeatElement(0, count: grown - storage.count))
  }

  public mutating func write(_ value: JSONValue) {
    switch value {
    case .null: writeRaw("null")
    case .bool(let flag): writeRaw(flag ? "true" : "false")
    case .number(let number): writeRaw(runtimeText: number.text)
    case .string(let string): write(string: string)
    case .array(let elements):
      append(.openBracket)
      var first = true
      for element in elements {
        if !first { append(.comma) }
        first = false
        write(element)
      }
      append(.closeBracket)
    case .object(let object):
      append(.openBrace)
      var first = true
      for member in object.members {
        if !first { append(.comma) }
        first = false
        write(string: member.name)
        append(.colon)
        write(member.value)
      }
      append(.closeBrace)
    }
  }

  /// Appends text that is already JSON (punctuation, a key with its quotes and colon).
  public mutating func writeRaw(_ text: StaticString) {
    append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  /// Appends text that is already JSON and known only at run time (a number's text).
  /// Literals go to `writeRaw(_: StaticString)`: a separate name, so that a literal can
  /// never land here by overload resolution (String is the default literal type).
  public mutating func writeRaw(runtimeText text: String) {
    var text = text
    text.withUTF8 { append(contentsOf: $0) }
  }

  /// Appends a whole number without building a `String`: digits written in place, last first.
  public mutating func write(int value: Int) {
    if value < 0 { append(.minus) }
    // The magnitude as UInt, so Int.min needs no special case.
    var magnitude = value.magnitude
    var digitCount = 1
    var probe = magnitude
    while probe >= 10 {
      probe /= 10
      digitCount += 1
    }
    reserve(digitCount)
    var position = count + digitCount - 1
    repeat {
      storage[position] = UInt8(truncatingIfNeeded: magnitude % 10) + .zero
      magnitude /= 10
      position -= 1
    } while magnitude > 0
    count += digitCount
  }

  public mutating func write(string: String) {
    append(.quote)
    var string = string
    string.withUTF8 { utf8 in
      var runStart = 0
      var index = 0
      let count = utf8.count
      while index < count {
        let byte = utf8[index]
        if byte < 0x20 || byte == .quote || byte == .backslash {
          append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
          appendEscape(for: byte)
          runStart = index + 1
        }
        index += 1
      }
      append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<count]))
    }
    append(.quote)
  }

  private mutating func appendEscape(for byte: UInt8) {
    append(.backslash)
    switch byte {
    case .quote, .backslash: append(byte)
    case .lineFeed: append(.letterN)
    case .carriageReturn: append(.letterR)
    case .tab: append(.letterT)
    case 0x08: append(.letterB)
    case 0x0C: append(.letterF)
    default:
      let hex: StaticString = "0123456789abcdef"
      let digits = UnsafeBufferPointer(start: hex.utf8Start, count: 16)
      for escaped in [UInt8.letterU, .zero, .zero, digits[Int(byte >> 4)], digits[Int(byte & 0xF)]]
      {
        append(escaped)
      }
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
