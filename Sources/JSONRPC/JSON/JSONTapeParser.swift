/// The RFC 8259 grammar, validating as it goes and recording one token per value.
///
/// Recursion is bounded by `maxDepth`, so no input can exhaust the stack. Every byte read
/// goes through `current` or `byte(at:)`, so no index ever leaves the buffer.
struct JSONTapeParser {
  private let bytes: UnsafeBufferPointer<UInt8>
  private let maxDepth: Int
  private var position = 0
  private var depth = 0
  /// Where tokens go: replaced by bigger storage when full.
  private(set) var storage: TokenStorage
  private(set) var count = 0

  init(bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int, storage: TokenStorage) {
    self.bytes = bytes
    self.maxDepth = maxDepth
    self.storage = storage
  }

  // MARK: - Bytes

  /// The byte at the current position, or nil at the end. Hot loops test `position <
  /// count` and read `bytes[position]` directly instead; the rest reads through here.
  private var current: UInt8? { position < bytes.count ? bytes[position] : nil }

  private func byte(at index: Int) -> UInt8? {
    index >= 0 && index < bytes.count ? bytes[index] : nil
  }

  private func fail(_ reason: JSONParseError.Reason, at offset: Int? = nil) -> JSONParseError {
    JSONParseError(reason: reason, offset: offset ?? position)
  }

  private mutating func skipWhitespace() {
    let count = bytes.count
    while position < count, bytes[position].isJSONWhitespace { position += 1 }
  }

  /// Records a token and answers its index; `next` is filled in when the value ends.
  @inline(__always)
  private mutating func open(_ kind: JSONTape.Kind, start: Int) -> Int {
    if count == storage.capacity { storage = storage.doubled(keeping: count) }
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
    skipWhitespace()
    guard current != nil else { throw fail(bytes.isEmpty ? .empty : .unexpectedEnd) }
    try value()
    skipWhitespace()
    guard current == nil else { throw fail(.trailingContent) }
  }

  private mutating func value() throws(JSONParseError) {
    guard let byte = current else { throw fail(.unexpectedEnd) }
    switch byte {
    case .quote: try string()
    case .openBrace: try object()
    case .openBracket: try array()
    case .letterT: try literal("true", .true)
    case .letterF: try literal("false", .false)
    case .letterN: try literal("null", .null)
    case .minus, .zero...UInt8.nine: try number()
    default: throw fail(.unexpectedByte)
    }
  }

  private mutating func literal(_ word: StaticString, _ kind: JSONTape.Kind) throws(JSONParseError)
  {
    let start = position
    for expected in UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount) {
      guard current == expected else { throw fail(.invalidLiteral, at: start) }
      position += 1
    }
    close(open(kind, start: start), end: position)
  }

  private mutating func enterContainer() throws(JSONParseError) {
    depth += 1
    guard depth <= maxDepth else { throw fail(.tooDeep) }
  }

  private mutating func array() throws(JSONParseError) {
    try enterContainer()
    let token = open(.array, start: position)
    position += 1  // [
    skipWhitespace()
    if current == .closeBracket {
      position += 1
    } else {
      while true {
        skipWhitespace()
        if current == .closeBracket { throw fail(.trailingComma) }
        try value()
        skipWhitespace()
        guard let separator = current else { throw fail(.unexpectedEnd) }
        position += 1
        if separator == .closeBracket { break }
        guard separator == .comma else { throw fail(.unexpectedByte, at: position - 1) }
      }
    }
    depth -= 1
    close(token, end: position)
  }

  private mutating func object() throws(JSONParseError) {
    try enterContainer()
    let token = open(.object, start: position)
    position += 1  // {
    skipWhitespace()
    if current == .closeBrace {
      position += 1
    } else {
      while true {
        skipWhitespace()
        guard let byte = current else { throw fail(.unexpectedEnd) }
        guard byte == .quote else {
          throw fail(byte == .closeBrace ? .trailingComma : .unexpectedByte)
        }
        try string()
        skipWhitespace()
        guard let colon = current else { throw fail(.unexpectedEnd) }
        guard colon == .colon else { throw fail(.unexpectedByte) }
        position += 1
        skipWhitespace()
        try value()
        skipWhitespace()
        guard let separator = current else { throw fail(.unexpectedEnd) }
        position += 1
        if separator == .closeBrace { break }
        guard separator == .comma else { throw fail(.unexpectedByte, at: position - 1) }
      }
    }
    depth -= 1
    close(token, end: position)
  }

  // MARK: - Numbers

  /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`
  private mutating func number() throws(JSONParseError) {
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
    close(open(.number, start: start), end: position)
  }

  private mutating func skipDigits() {
    let count = bytes.count
    while position < count, bytes[position].isDigit { position += 1 }
  }

  // MARK: - Strings

  /// Validates a string (escapes, surrogate pairs, UTF-8, no raw control characters)
  /// without decoding it; `JSONDocument` decodes the ones that are read.
  private mutating func string() throws(JSONParseError) {
    let start = position + 1  // past the opening quote
    let token = open(.string, start: start)
    // The scan runs on a local cursor, stored back before anything that reads `position`:
    // a stored property would be written to memory at every step.
    var cursor = start
    var runStart = start
    var runIsASCII = true
    let count = bytes.count
    while cursor < count {
      // Plain ASCII runs are skipped a word at a time.
      cursor = PlainStringBytes.end(in: bytes, from: cursor)
      guard cursor < count else { break }
      switch bytes[cursor] {
      case .quote:
        position = cursor
        if !runIsASCII { try validateRun(from: runStart) }
        close(token, end: cursor)
        position = cursor + 1
        return
      case .backslash:
        position = cursor
        if !runIsASCII { try validateRun(from: runStart) }
        if token >= 0, token < self.count { storage.base[token].isEscaped = true }
        try escape()
        cursor = position
        runStart = cursor
        runIsASCII = true
      case 0..<0x20:
        position = cursor
        throw fail(.controlCharacter)
      default:  // non-ASCII: validated as UTF-8 when the run ends
        runIsASCII = false
        cursor += 1
      }
    }
    position = cursor
    throw fail(.unexpectedEnd)
  }

  /// Checks that the raw bytes from `runStart` to here are UTF-8, naming the bad byte.
  private func validateRun(from runStart: Int) throws(JSONParseError) {
    let run = UnsafeBufferPointer(rebasing: bytes[runStart..<position])
    let validLength = UTF8Validation.validPrefixLength(run)
    guard validLength == run.count else { throw fail(.invalidUTF8, at: runStart + validLength) }
  }

  private mutating func escape() throws(JSONParseError) {
    let escapeStart = position
    position += 1  // backslash
    guard let kind = current else { throw fail(.unexpectedEnd) }
    position += 1
    switch kind {
    case .quote, .backslash, .slash, .letterB, .letterF, .letterN, .letterR, .letterT: return
    case .letterU: try unicodeEscape(startingAt: escapeStart)
    default: throw fail(.invalidEscape, at: escapeStart)
    }
  }

  private mutating func unicodeEscape(startingAt escapeStart: Int) throws(JSONParseError) {
    let unit = try hexQuad(escapeStart: escapeStart)
    switch unit {
    case 0xD800...0xDBFF:
      // A high surrogate must be followed by `\u` and a low surrogate.
      guard current == .backslash, byte(at: position + 1) == .letterU else {
        throw fail(.unpairedSurrogate, at: escapeStart)
      }
      position += 2
      let low = try hexQuad(escapeStart: position - 2)
      guard (0xDC00...0xDFFF).contains(low) else { throw fail(.unpairedSurrogate, at: escapeStart) }
    case 0xDC00...0xDFFF:
      throw fail(.unpairedSurrogate, at: escapeStart)
    default:
      return
    }
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

/// UTF-8 well-formedness (RFC 3629): no overlongs, no surrogates, nothing past U+10FFFF.
enum UTF8Validation {
  /// How many leading bytes form whole, valid sequences (all of them when valid).
  static func validPrefixLength(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
    var index = 0
    let count = bytes.count
    while index < count {
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
      default: return index
      }
      guard index + length <= count else { return index }
      let second = bytes[index + 1]
      guard second >= low, second <= high else { return index }
      for offset in 2..<max(2, length) where bytes[index + offset] & 0xC0 != 0x80 {
        return index
      }
      index += length
    }
    return count
  }
}
