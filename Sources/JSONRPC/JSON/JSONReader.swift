/// Parses RFC 8259 JSON straight from bytes, strictly, with a bound on nesting depth.
///
/// Choices RFC 8259 leaves open: duplicate member names are accepted and kept (lookups take
/// the last); numbers keep their text (see `JSONNumber`); a `\u` escape of an unpaired
/// surrogate is rejected, since it cannot become a Swift string; a byte order mark is not
/// accepted. Recursion is bounded by `maxDepth`, so no input can exhaust the stack.
public struct JSONReader {
  /// The default nesting limit: arrays and objects inside one another.
  public static let defaultMaxDepth = 128

  public static func parse(
    _ bytes: some Collection<UInt8>, maxDepth: Int = defaultMaxDepth
  ) throws(JSONParseError) -> JSONValue {
    let result: Result<JSONValue, JSONParseError>? = bytes.withContiguousStorageIfAvailable {
      parse(buffer: $0, maxDepth: maxDepth)
    }
    return try (result ?? parse(buffer: Array(bytes), maxDepth: maxDepth)).get()
  }

  private static func parse(
    buffer: UnsafeBufferPointer<UInt8>, maxDepth: Int
  ) -> Result<JSONValue, JSONParseError> {
    var reader = JSONReader(bytes: buffer, maxDepth: maxDepth)
    do throws(JSONParseError) {
      return .success(try reader.document())
    } catch {
      return .failure(error)
    }
  }

  private static func parse(buffer: [UInt8], maxDepth: Int) -> Result<JSONValue, JSONParseError> {
    buffer.withUnsafeBufferPointer { parse(buffer: $0, maxDepth: maxDepth) }
  }

  private let bytes: UnsafeBufferPointer<UInt8>
  private let maxDepth: Int
  private var position = 0
  private var depth = 0
  /// Scratch space for strings with escapes, reused across the document.
  private var scratch: [UInt8] = []

  private init(bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int) {
    self.bytes = bytes
    self.maxDepth = maxDepth
  }

  // MARK: - Bytes

  /// The byte at the current position, or `nil` at the end (every read goes through here
  /// or `byte(at:)`, so no index ever leaves the buffer).
  private var current: UInt8? { byte(at: position) }

  private func byte(at index: Int) -> UInt8? {
    index >= 0 && index < bytes.count ? bytes[index] : nil
  }

  private func fail(_ reason: JSONParseError.Reason, at offset: Int? = nil) -> JSONParseError {
    JSONParseError(reason: reason, offset: offset ?? position)
  }

  private mutating func skipWhitespace() {
    while let byte = current, byte.isJSONWhitespace { position += 1 }
  }

  private mutating func expect(_ byte: UInt8) throws(JSONParseError) {
    guard let found = current else { throw fail(.unexpectedEnd) }
    guard found == byte else { throw fail(.unexpectedByte) }
    position += 1
  }

  // MARK: - Grammar

  private mutating func document() throws(JSONParseError) -> JSONValue {
    skipWhitespace()
    guard current != nil else { throw fail(bytes.isEmpty ? .empty : .unexpectedEnd) }
    let result = try value()
    skipWhitespace()
    guard current == nil else { throw fail(.trailingContent) }
    return result
  }

  private mutating func value() throws(JSONParseError) -> JSONValue {
    guard let byte = current else { throw fail(.unexpectedEnd) }
    switch byte {
    case .quote: return .string(try string())
    case .openBrace: return try object()
    case .openBracket: return try array()
    case .letterT: return try literal("true", .bool(true))
    case .letterF: return try literal("false", .bool(false))
    case .letterN: return try literal("null", .null)
    case .minus, .zero...UInt8.nine: return .number(try number())
    default: throw fail(.unexpectedByte)
    }
  }

  private mutating func literal(_ word: StaticString, _ result: JSONValue) throws(JSONParseError)
    -> JSONValue
  {
    let start = position
    for expected in UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount) {
      guard current == expected else { throw fail(.invalidLiteral, at: start) }
      position += 1
    }
    return result
  }

  private mutating func enterContainer() throws(JSONParseError) {
    depth += 1
    guard depth <= maxDepth else { throw fail(.tooDeep) }
  }

  private mutating func array() throws(JSONParseError) -> JSONValue {
    try enterContainer()
    position += 1  // [
    var elements: [JSONValue] = []
    skipWhitespace()
    if current == .closeBracket {
      position += 1
      depth -= 1
      return .array(elements)
    }
    while true {
      skipWhitespace()
      if current == .closeBracket { throw fail(.trailingComma) }
      elements.append(try value())
      skipWhitespace()
      guard let separator = current else { throw fail(.unexpectedEnd) }
      position += 1
      if separator == .closeBracket { break }
      guard separator == .comma else { throw fail(.unexpectedByte, at: position - 1) }
    }
    depth -= 1
    return .array(elements)
  }

  private mutating func object() throws(JSONParseError) -> JSONValue {
    try enterContainer()
    position += 1  // {
    var object = JSONObject(minimumCapacity: 4)
    skipWhitespace()
    if current == .closeBrace {
      position += 1
      depth -= 1
      return .object(object)
    }
    while true {
      skipWhitespace()
      guard let byte = current else { throw fail(.unexpectedEnd) }
      guard byte == .quote else {
        throw fail(byte == .closeBrace ? .trailingComma : .unexpectedByte)
      }
      let name = try string()
      skipWhitespace()
      try expect(.colon)
      skipWhitespace()
      object.append(name, try value())
      skipWhitespace()
      guard let separator = current else { throw fail(.unexpectedEnd) }
      position += 1
      if separator == .closeBrace { break }
      guard separator == .comma else { throw fail(.unexpectedByte, at: position - 1) }
    }
    depth -= 1
    return .object(object)
  }

  // MARK: - Numbers

  /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, kept as text.
  private mutating func number() throws(JSONParseError) -> JSONNumber {
    let start = position
    if current == .minus { position += 1 }
    guard let first = current else { throw fail(.unexpectedEnd) }
    if first == .zero {
      position += 1
      if let next = current, next.isDigit { throw fail(.invalidNumber) }  // leading zero
    } else if first.isDigit {
      skipDigits()
    } else {
      throw fail(.invalidNumber)
    }
    if current == .period {
      position += 1
      guard let digit = current, digit.isDigit else { throw fail(.invalidNumber) }
      skipDigits()
    }
    if current == .letterE || current == .letterUpperE {
      position += 1
      if current == .plus || current == .minus { position += 1 }
      guard let digit = current, digit.isDigit else { throw fail(.invalidNumber) }
      skipDigits()
    }
    let text = String(
      decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
    return JSONNumber(validatedText: text)
  }

  private mutating func skipDigits() {
    while let byte = current, byte.isDigit { position += 1 }
  }

  // MARK: - Strings

  private mutating func string() throws(JSONParseError) -> String {
    position += 1  // opening quote
    let start = position
    // Fast path: no escapes, so the string is the bytes themselves once validated as UTF-8.
    while let byte = current {
      if byte == .quote {
        let raw = UnsafeBufferPointer(rebasing: bytes[start..<position])
        position += 1
        return try decodeUTF8(raw, at: start)
      }
      if byte == .backslash { return try escapedString(from: start) }
      if byte < 0x20 { throw fail(.controlCharacter) }
      position += 1
    }
    throw fail(.unexpectedEnd)
  }

  private func decodeUTF8(_ raw: UnsafeBufferPointer<UInt8>, at start: Int) throws(JSONParseError)
    -> String
  {
    if raw.allSatisfy({ $0 < 0x80 }) { return String(decoding: raw, as: UTF8.self) }
    guard let string = String(validating: raw, as: UTF8.self) else {
      throw fail(.invalidUTF8, at: start + Self.firstInvalidUTF8Offset(raw))
    }
    return string
  }

  /// Where decoding first fails, to point the error at the bad byte (the length when
  /// nothing does).
  private static func firstInvalidUTF8Offset(_ raw: UnsafeBufferPointer<UInt8>) -> Int {
    var iterator = raw.makeIterator()
    var decoder = UTF8()
    var offset = 0
    while true {
      switch decoder.decode(&iterator) {
      case .scalarValue(let scalar): offset += UTF8.width(scalar)
      case .emptyInput, .error: return offset
      }
    }
  }

  private mutating func escapedString(from start: Int) throws(JSONParseError) -> String {
    scratch.removeAll(keepingCapacity: true)
    // The raw runs between escapes are validated one at a time, so that an error names the
    // bad byte; escapes themselves always add whole, valid scalars.
    var runStart = start
    while let byte = current {
      switch byte {
      case .quote:
        try appendRun(from: runStart)
        position += 1
        return String(decoding: scratch, as: UTF8.self)
      case .backslash:
        try appendRun(from: runStart)
        try escape()
        runStart = position
      case 0..<0x20:
        throw fail(.controlCharacter)
      default:
        position += 1
      }
    }
    throw fail(.unexpectedEnd)
  }

  /// Appends the raw bytes from `runStart` up to the current position, once they are
  /// known to be UTF-8.
  private mutating func appendRun(from runStart: Int) throws(JSONParseError) {
    let run = UnsafeBufferPointer(rebasing: bytes[runStart..<position])
    if !run.allSatisfy({ $0 < 0x80 }) {
      let validLength = Self.firstInvalidUTF8Offset(run)
      guard validLength == run.count else { throw fail(.invalidUTF8, at: runStart + validLength) }
    }
    scratch.append(contentsOf: run)
  }

  private mutating func escape() throws(JSONParseError) {
    let escapeStart = position
    position += 1  // backslash
    guard let kind = current else { throw fail(.unexpectedEnd) }
    position += 1
    switch kind {
    case .quote, .backslash, .slash: scratch.append(kind)
    case .letterB: scratch.append(0x08)
    case .letterF: scratch.append(0x0C)
    case .letterN: scratch.append(.lineFeed)
    case .letterR: scratch.append(.carriageReturn)
    case .letterT: scratch.append(.tab)
    case .letterU: try unicodeEscape(startingAt: escapeStart)
    default: throw fail(.invalidEscape, at: escapeStart)
    }
  }

  private mutating func unicodeEscape(startingAt escapeStart: Int) throws(JSONParseError) {
    let unit = try hexQuad(escapeStart: escapeStart)
    let scalarValue: UInt32
    switch unit {
    case 0xD800...0xDBFF:
      // A high surrogate must be followed by `\u` and a low surrogate.
      guard current == .backslash, byte(at: position + 1) == .letterU else {
        throw fail(.unpairedSurrogate, at: escapeStart)
      }
      position += 2
      let low = try hexQuad(escapeStart: position - 2)
      guard (0xDC00...0xDFFF).contains(low) else { throw fail(.unpairedSurrogate, at: escapeStart) }
      scalarValue = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
    case 0xDC00...0xDFFF:
      throw fail(.unpairedSurrogate, at: escapeStart)
    default:
      scalarValue = UInt32(unit)
    }
    guard let scalar = Unicode.Scalar(scalarValue) else {
      throw fail(.unpairedSurrogate, at: escapeStart)
    }
    scratch.appendUTF8(scalar)
  }

  private mutating func hexQuad(escapeStart: Int) throws(JSONParseError) -> UInt16 {
    var value: UInt16 = 0
    for _ in 0..<4 {
      guard let byte = current else { throw fail(.unexpectedEnd) }
      guard let digit = byte.hexDigitValue else { throw fail(.invalidEscape, at: escapeStart) }
      value = value << 4 | UInt16(digit)
      position += 1
    }
    return value
  }
}
