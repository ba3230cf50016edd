/// The RFC 8259 grammar, validating as it goes and recording one token per value.
///
/// Each rule takes the offset where its value starts and answers the offset just past it:
/// the cursor travels in registers. (Kept as a stored property, it was written back to
/// memory at every byte and read again after every call; and a rule called inside the
/// arguments of another call on `self`, `skipWhitespace(from: try value(at: cursor))`, made
/// `self` be copied, its storage retained, for every value: 300 instructions a keystroke.)
/// Recursion is bounded by `maxDepth`, so no input can exhaust the stack. Every byte is read
/// behind a check against `bytes.count`, so no index ever leaves the buffer.
struct JSONTapeParser {
  private let bytes: UnsafeBufferPointer<UInt8>
  private let maxDepth: Int
  private var depth = 0
  /// Where tokens go: replaced by bigger storage when full.
  private(set) var storage: BufferStorage<JSONTape.Token>
  private(set) var count = 0

  init(bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int, storage: BufferStorage<JSONTape.Token>) {
    self.bytes = bytes
    self.maxDepth = maxDepth
    self.storage = storage
  }

  // MARK: - Bytes

  @inline(__always)
  private func byte(at offset: Int, is byte: UInt8) -> Bool {
    offset < bytes.count && bytes[offset] == byte
  }

  private func fail(_ reason: JSONParseError.Reason, at offset: Int) -> JSONParseError {
    JSONParseError(reason: reason, offset: offset)
  }

  @inline(__always)
  private func skipWhitespace(from start: Int) -> Int {
    var cursor = start
    while cursor < bytes.count, bytes[cursor].isJSONWhitespace { cursor += 1 }
    return cursor
  }

  /// Records a token and answers its index; `next` is filled in when the value ends.
  @inline(__always)
  private mutating func open(_ kind: JSONTape.Kind, start: Int) -> Int {
    if count == storage.capacity { storage = storage.copy(keeping: count, capacity: count * 2) }
    (storage.base + count).initialize(
      to: JSONTape.Token(kind: kind, isEscaped: false, start: start, end: start, next: 0))
    count += 1
    return count - 1
  }

  @inline(__always)
  private mutating func close(_ index: Int, end: Int) {
    guard index >= 0, index < count else { return }
    storage.base[index].end = end
    storage.base[index].next = count
  }

  // MARK: - Grammar

  mutating func document() throws(JSONParseError) {
    var cursor = skipWhitespace(from: 0)
    guard cursor < bytes.count else {
      throw fail(bytes.isEmpty ? .empty : .unexpectedEnd, at: cursor)
    }
    cursor = try value(at: cursor)
    cursor = skipWhitespace(from: cursor)
    guard cursor == bytes.count else { throw fail(.trailingContent, at: cursor) }
  }

  private mutating func value(at start: Int) throws(JSONParseError) -> Int {
    guard start < bytes.count else { throw fail(.unexpectedEnd, at: start) }
    switch bytes[start] {
    case .quote: return try string(at: start)
    case .openBrace: return try container(.object, at: start)
    case .openBracket: return try container(.array, at: start)
    case .letterT: return try literal("true", .true, at: start)
    case .letterF: return try literal("false", .false, at: start)
    case .letterN: return try literal("null", .null, at: start)
    case .minus, .zero...UInt8.nine: return try number(at: start)
    default: throw fail(.unexpectedByte, at: start)
    }
  }

  private mutating func literal(_ word: StaticString, _ kind: JSONTape.Kind, at start: Int)
    throws(JSONParseError) -> Int
  {
    var cursor = start
    for expected in UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount) {
      guard byte(at: cursor, is: expected) else { throw fail(.invalidLiteral, at: start) }
      cursor += 1
    }
    close(open(kind, start: start), end: cursor)
    return cursor
  }

  /// An array or an object (`kind`): its values, each after its name in an object.
  private mutating func container(_ kind: JSONTape.Kind, at start: Int) throws(JSONParseError)
    -> Int
  {
    depth += 1
    guard depth <= maxDepth else { throw fail(.tooDeep, at: start) }
    let token = open(kind, start: start)
    let closing: UInt8 = kind == .object ? .closeBrace : .closeBracket
    var cursor = skipWhitespace(from: start + 1)  // past the opening bracket
    if byte(at: cursor, is: closing) {
      cursor += 1
    } else {
      while true {
        cursor = skipWhitespace(from: cursor)
        if byte(at: cursor, is: closing) { throw fail(.trailingComma, at: cursor) }
        if kind == .object {
          guard byte(at: cursor, is: .quote) else { throw unexpected(at: cursor) }
          cursor = try string(at: cursor)
          cursor = skipWhitespace(from: cursor)
          guard byte(at: cursor, is: .colon) else { throw unexpected(at: cursor) }
          cursor = skipWhitespace(from: cursor + 1)
        }
        cursor = try value(at: cursor)
        cursor = skipWhitespace(from: cursor)
        let closes = byte(at: cursor, is: closing)
        guard closes || byte(at: cursor, is: .comma) else { throw unexpected(at: cursor) }
        cursor += 1
        if closes { break }
      }
    }
    depth -= 1
    close(token, end: cursor)
    return cursor
  }

  /// The end of input, or a byte the grammar does not allow at `offset`.
  private func unexpected(at offset: Int) -> JSONParseError {
    fail(offset < bytes.count ? .unexpectedByte : .unexpectedEnd, at: offset)
  }

  private mutating func number(at start: Int) throws(JSONParseError) -> Int {
    let end = try NumberLayout(bytes, at: start).end
    close(open(.number, start: start), end: end)
    return end
  }

  // MARK: - Strings

  /// Validates a string (escapes, surrogate pairs, UTF-8, no raw control characters)
  /// without decoding it; `JSONDocument` decodes the ones that are read. `quote` is the
  /// offset of the opening quote.
  private mutating func string(at quote: Int) throws(JSONParseError) -> Int {
    let start = quote + 1
    let token = open(.string, start: start)
    var cursor = start
    var runStart = start
    var runIsASCII = true
    let count = bytes.count
    while cursor < count {
      // Plain ASCII runs are skipped a word at a time.
      cursor = PlainStringBytes.end(in: bytes, from: cursor, stoppingAtNonASCII: true)
      guard cursor < count else { break }
      switch bytes[cursor] {
      case .quote:
        if !runIsASCII { try validateRun(from: runStart, to: cursor) }
        close(token, end: cursor)
        return cursor + 1
      case .backslash:
        if !runIsASCII { try validateRun(from: runStart, to: cursor) }
        if token >= 0, token < self.count { storage.base[token].isEscaped = true }
        cursor = try escape(at: cursor)
        runStart = cursor
        runIsASCII = true
      case 0..<0x20: throw fail(.controlCharacter, at: cursor)
      default:  // non-ASCII: validated as UTF-8 when the run ends
        runIsASCII = false
        cursor += 1
      }
    }
    throw fail(.unexpectedEnd, at: cursor)
  }

  /// Checks that the raw bytes from `runStart` to `end` are UTF-8 (RFC 3629: no overlongs, no
  /// surrogates, nothing past U+10FFFF), naming the first bad byte.
  private func validateRun(from runStart: Int, to end: Int) throws(JSONParseError) {
    var index = runStart
    while index < end {
      let lead = bytes[index]
      if lead < 0x80 {
        index += 1
        continue
      }
      let length: Int
      var low: UInt8 = 0x80
      var high: UInt8 = 0xBF
      switch lead {
      case 0xC2...0xDF: length = 2
      case 0xE0:
        length = 3
        low = 0xA0
      case 0xE1...0xEC, 0xEE...0xEF: length = 3
      case 0xED:
        length = 3
        high = 0x9F  // U+D800…U+DFFF are not characters
      case 0xF0:
        length = 4
        low = 0x90
      case 0xF1...0xF3: length = 4
      case 0xF4:
        length = 4
        high = 0x8F  // nothing past U+10FFFF
      default: throw fail(.invalidUTF8, at: index)
      }
      guard index + length <= end, bytes[index + 1] >= low, bytes[index + 1] <= high else {
        throw fail(.invalidUTF8, at: index)
      }
      for offset in 2..<max(2, length) where bytes[index + offset] & 0xC0 != 0x80 {
        throw fail(.invalidUTF8, at: index)
      }
      index += length
    }
  }

  /// An escape starting at the backslash at `escapeStart`; answers the offset past it.
  private func escape(at escapeStart: Int) throws(JSONParseError) -> Int {
    let cursor = escapeStart + 1  // past the backslash
    guard cursor < bytes.count else { throw fail(.unexpectedEnd, at: cursor) }
    switch bytes[cursor] {
    case .quote, .backslash, .slash, .letterB, .letterF, .letterN, .letterR, .letterT:
      return cursor + 1
    case .letterU:
      switch try hexQuad(at: cursor + 1, escapeStart: escapeStart) {
      case 0xD800...0xDBFF:
        // A high surrogate must be followed by `\u` and a low surrogate.
        let low = cursor + 5
        guard byte(at: low, is: .backslash), byte(at: low + 1, is: .letterU),
          try (0xDC00...0xDFFF).contains(hexQuad(at: low + 2, escapeStart: low))
        else { throw fail(.unpairedSurrogate, at: escapeStart) }
        return low + 6
      case 0xDC00...0xDFFF: throw fail(.unpairedSurrogate, at: escapeStart)
      default: return cursor + 5
      }
    default: throw fail(.invalidEscape, at: escapeStart)
    }
  }

  private func hexQuad(at start: Int, escapeStart: Int) throws(JSONParseError) -> UInt16 {
    var value: UInt16 = 0
    for cursor in start..<start + 4 {
      guard cursor < bytes.count else { throw fail(.unexpectedEnd, at: cursor) }
      guard let digit = bytes[cursor].hexDigitValue else {
        throw fail(.invalidEscape, at: escapeStart)
      }
      value = value << 4 | UInt16(digit)
    }
    return value
  }
}
