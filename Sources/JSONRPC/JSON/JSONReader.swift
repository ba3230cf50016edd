// The JSON reader, its token tape read in place, and the bytes and string scan the writer shares.

/// Parses RFC 8259 JSON into a `JSONValue` tree, strictly, with a bound on nesting depth.
///
/// Choices RFC 8259 leaves open: duplicate member names are accepted and kept (lookups take
/// the last); numbers keep their text (see `JSONNumber`); a `\u` escape of an unpaired
/// surrogate is rejected, since it cannot become a Swift string; a byte order mark is not
/// accepted. The grammar is `JSONTapeParser`'s; the request path reads the tape directly.
public enum JSONReader {
  /// The default nesting limit: arrays and objects inside one another.
  public static let defaultMaxDepth = 128

  public static func parse(
    _ bytes: some Collection<UInt8>, maxDepth: Int = defaultMaxDepth
  ) throws(JSONParseError) -> JSONValue {
    var tape = JSONTape()
    return try Array(bytes).withUnsafeBufferPointer { buffer throws(JSONParseError) in
      try tape.parse(buffer, maxDepth: maxDepth)
      return tape.document(over: buffer).value(at: JSONDocument.root)
    }
  }
}

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
  public let offset: Int

  public var description: String { "\(reason.rawValue) at byte \(offset)" }
}

/// A parsed JSON document as a flat list of tokens over the message's bytes.
///
/// Parsing validates the whole document (RFC 8259, UTF-8, escapes, depth) but builds no
/// tree and no strings: each value is one token holding its byte range and where the next
/// sibling starts, so a reader can skip a subtree in one step. The token memory is reused
/// from message to message, so a steady stream of requests parses without allocating.
public struct JSONTape {
  /// A value's JSON type, as `ParamValue.kind` answers it.
  public enum Kind: UInt8, Sendable {
    case null, `false`, `true`, number, string, array, object
  }

  /// One value. Strings span their content without the quotes; containers span from their
  /// opening bracket to just past their closing one.
  @usableFromInline
  struct Token {
    var kind: Kind
    /// Whether a string has escapes (and so must be decoded rather than copied).
    var isEscaped: Bool
    var start: Int
    var end: Int
    /// The index of the token after this value and everything inside it.
    var next: Int
  }

  /// The tokens of the last document parsed: the first `count` of `storage`.
  private var storage = BufferStorage<Token>(capacity: 64)
  private var count = 0

  /// Parses `bytes`, replacing the tokens of any earlier document (a document over them is no
  /// longer valid).
  mutating func parse(
    _ bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int = JSONReader.defaultMaxDepth
  ) throws(JSONParseError) {
    var parser = JSONTapeParser(bytes: bytes, maxDepth: maxDepth, storage: storage)
    defer {
      storage = parser.storage
      count = parser.count
    }
    try parser.document()
  }

  /// The document last parsed, over the same `bytes`, valid while both it and this tape are.
  func document(over bytes: UnsafeBufferPointer<UInt8>) -> JSONDocument {
    JSONDocument(
      bytes: bytes,
      tokens: UnsafeBufferPointer(start: storage.base, count: min(count, storage.capacity)))
  }
}

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
  private(set) var storage: BufferStorage<JSONTape.Token>
  private(set) var count = 0

  init(bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int, storage: BufferStorage<JSONTape.Token>) {
    self.bytes = bytes
    self.maxDepth = maxDepth
    self.storage = storage
  }

  @inline(__always)
  private func byte(at offset: Int, is byte: UInt8) -> Bool {
    offset < bytes.count && bytes[offset] == byte
  }

  private func fail(_ reason: JSONParseError.Reason, at offset: Int) -> JSONParseError {
    JSONParseError(reason: reason, offset: offset)
  }

  /// Compact JSON has no whitespace, so a byte above the space is asked about first: one
  /// comparison, where `isJSONWhitespace` is four.
  @inline(__always)
  private func skipWhitespace(from start: Int) -> Int {
    var cursor = start
    while cursor < bytes.count, bytes[cursor] <= .space, bytes[cursor].isJSONWhitespace {
      cursor += 1
    }
    return cursor
  }

  /// Records a container's token and answers its index; `close` fills in its end.
  @inline(__always)
  private mutating func open(_ kind: JSONTape.Kind, start: Int) -> Int {
    record(JSONTape.Token(kind: kind, isEscaped: false, start: start, end: start, next: 0))
    return count - 1
  }

  /// Records the token of a value with nothing inside it (a string, a number, a literal), once
  /// its end is known: one write, where opening and closing it was two and a check.
  @inline(__always)
  private mutating func closed(
    _ kind: JSONTape.Kind, isEscaped: Bool = false, start: Int, end: Int
  ) {
    record(
      JSONTape.Token(kind: kind, isEscaped: isEscaped, start: start, end: end, next: count + 1))
  }

  @inline(__always)
  private mutating func record(_ token: JSONTape.Token) {
    if count == storage.capacity { growStorage() }
    (storage.base + count).initialize(to: token)
    count += 1
  }

  /// Twice the room for tokens. Out of line, as the rare path it is: inlined, its allocation and
  /// copy made every string scan save and restore more registers.
  @inline(never)
  private mutating func growStorage() {
    storage = storage.copy(keeping: count, capacity: count * 2)
  }

  @inline(__always)
  private mutating func close(_ index: Int, end: Int) {
    guard index >= 0, index < count else { return }
    storage.base[index].end = end
    storage.base[index].next = count
  }

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
    closed(kind, start: start, end: cursor)
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
        // A string, the most common value, without the detour through `value(at:)`.
        cursor = try byte(at: cursor, is: .quote) ? string(at: cursor) : value(at: cursor)
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

  private func unexpected(at offset: Int) -> JSONParseError {
    fail(offset < bytes.count ? .unexpectedByte : .unexpectedEnd, at: offset)
  }

  private mutating func number(at start: Int) throws(JSONParseError) -> Int {
    let end = try NumberLayout(bytes, at: start).end
    closed(.number, start: start, end: end)
    return end
  }

  /// Validates a string (escapes, surrogate pairs, UTF-8, no raw control characters)
  /// without decoding it; `JSONDocument` decodes the ones that are read. `quote` is the
  /// offset of the opening quote.
  private mutating func string(at quote: Int) throws(JSONParseError) -> Int {
    let start = quote + 1
    var cursor = start
    var runStart = start
    var runIsASCII = true
    var isEscaped = false
    let length = bytes.count
    while cursor < length {
      cursor = PlainStringBytes.end(in: bytes, from: cursor, stoppingAtNonASCII: true)
      guard cursor < length else { break }
      switch bytes[cursor] {
      case .quote:
        if !runIsASCII { try validateRun(from: runStart, to: cursor) }
        closed(.string, isEscaped: isEscaped, start: start, end: cursor)
        return cursor + 1
      case .backslash:
        if !runIsASCII { try validateRun(from: runStart, to: cursor) }
        isEscaped = true
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

/// A member of an object on the tape: the token of its name and the token of its value. An
/// error names a member by its name token (`selection.start`), so both are handed out.
@usableFromInline
struct JSONMember {
  @usableFromInline let name: Int
  @usableFromInline let value: Int
}

/// A parsed message: views of its bytes and of its token tape, read in place without
/// building a tree. Values are named by their token index; names are compared as bytes,
/// strings decoded only when asked for, and numbers keep their text.
///
/// A document is lent, not owned: it is valid while the bytes and the tape it views are (the
/// dispatcher lends one for each message, for the call that answers it). What a method reads
/// from it is its own; the document, and the `Params`, `ParamValue`s and `JSONName`s over it,
/// never outlive the call. Being views, they are copied for free: no reference is counted.
///
/// Not public: petflowd reads a message through `Params`, `ParamValue` and `Request`. What those
/// call is `@usableFromInline`, so that their accessors can still be inlined into petflowd (a
/// keystroke costs 30 to 130 instructions more when they cannot).
@usableFromInline
struct JSONDocument {
  @usableFromInline let bytes: UnsafeBufferPointer<UInt8>
  @usableFromInline let tokens: UnsafeBufferPointer<JSONTape.Token>

  static let root = 0

  /// The token at `index`; out of range (never asked by a careful caller) a null token whose
  /// subtree ends at once, so no loop can run away.
  private func token(_ index: Int) -> JSONTape.Token {
    guard index >= 0, index < tokens.count else {
      return JSONTape.Token(kind: .null, isEscaped: false, start: 0, end: 0, next: Int.max)
    }
    return tokens[index]
  }

  @usableFromInline func kind(at index: Int) -> JSONTape.Kind? {
    index >= 0 && index < tokens.count ? tokens[index].kind : nil
  }

  /// A name for the value's JSON type, for error messages: "a string", "an array".
  @usableFromInline func typeName(at index: Int) -> String {
    switch kind(at: index) {
    case .null?, nil: return "null"
    case .true?, .false?: return "a boolean"
    case .number?: return "a number"
    case .string?: return "a string"
    case .array?: return "an array"
    case .object?: return "an object"
    }
  }

  /// The bytes a token spans, clamped to the message.
  private func span(of token: JSONTape.Token) -> UnsafeBufferPointer<UInt8> {
    let start = min(max(0, token.start), bytes.count)
    let end = min(max(start, token.end), bytes.count)
    return UnsafeBufferPointer(rebasing: bytes[start..<end])
  }

  /// Calls `body` with each member of the object at `index`, in document order: its name,
  /// lent for the call, and its value's index.
  @usableFromInline func forEachMember<Failure: Error>(
    of index: Int, _ body: (JSONName, JSONMember) throws(Failure) -> Void
  ) throws(Failure) {
    guard kind(at: index) == .object else { return }
    let end = token(index).next
    var name = index + 1
    while name + 1 < end, name + 1 < tokens.count {
      let key = token(name)
      if key.isEscaped {
        try JSONEscapes.decode(span(of: key)).withUnsafeBufferPointer { utf8 throws(Failure) in
          try body(JSONName(utf8: utf8), JSONMember(name: name, value: name + 1))
        }
      } else {
        try body(JSONName(utf8: span(of: key)), JSONMember(name: name, value: name + 1))
      }
      name = token(name + 1).next
    }
  }

  @usableFromInline func elements(of index: Int) -> [Int] {
    guard kind(at: index) == .array else { return [] }
    let end = token(index).next
    var elements: [Int] = []
    var element = index + 1
    while element < end, element < tokens.count {
      elements.append(element)
      element = token(element).next
    }
    return elements
  }

  /// Whether the value at `index` is a string that `matches`, compared as bytes without
  /// decoding (unless the string has escapes).
  @usableFromInline func isString(at index: Int, matching matches: (JSONName) -> Bool) -> Bool {
    guard kind(at: index) == .string else { return false }
    let string = token(index)
    guard string.isEscaped else { return matches(JSONName(utf8: span(of: string))) }
    return JSONEscapes.decode(span(of: string)).withUnsafeBufferPointer {
      matches(JSONName(utf8: $0))
    }
  }

  /// The dotted path of the member whose name is the token `target`, from the container at
  /// `root` (`selection.start`): each object member on the way gives its name, an array none
  /// (a member of an array's object is named `photos.uri`). Walked down the tape only when an
  /// error names a parameter, so reading params keeps no path. Each step goes one level deeper
  /// or stops, so it ends within the document's depth.
  func memberPath(from root: Int, to target: Int) -> String {
    var names: [String] = []
    var container = root
    descending: while target > container, target < token(container).next,
      let kind = kind(at: container), kind == .object || kind == .array
    {
      let end = token(container).next
      var child = container + 1  // an object's member name, an array's element
      while child < end, child < tokens.count {
        let value = kind == .object ? child + 1 : child
        let next = token(value).next
        guard next > child else { break descending }
        if kind == .object, child == target {
          names.append(string(at: child) ?? "")
          break descending
        }
        if target >= value, target < next {
          if kind == .object { names.append(string(at: child) ?? "") }
          container = value
          continue descending
        }
        child = next
      }
      break
    }
    return names.joined(separator: ".")
  }

  /// The first of `0..<count` that `matches` the string at `index` (lent as a name, its bytes
  /// decoded only if it has escapes); nil when none does or the value is no string.
  @usableFromInline func firstMatch(
    at index: Int, among count: Int, _ matches: (JSONName, Int) -> Bool
  ) -> Int? {
    guard kind(at: index) == .string else { return nil }
    let string = token(index)
    func first(_ name: JSONName) -> Int? { (0..<count).first { matches(name, $0) } }
    guard string.isEscaped else { return first(JSONName(utf8: span(of: string))) }
    return JSONEscapes.decode(span(of: string)).withUnsafeBufferPointer {
      first(JSONName(utf8: $0))
    }
  }

  @usableFromInline func isString(at index: Int, _ text: String) -> Bool {
    isString(at: index) { $0 == text }
  }

  /// The string at `index`, decoded; nil for any other kind.
  @usableFromInline func string(at index: Int) -> String? {
    guard kind(at: index) == .string else { return nil }
    let string = token(index)
    // Validated as UTF-8 when parsed, so decoding repairs nothing.
    guard string.isEscaped else { return String(decoding: span(of: string), as: UTF8.self) }
    return String(decoding: JSONEscapes.decode(span(of: string)), as: UTF8.self)
  }

  /// The number at `index`, with its exact text; nil for any other kind.
  @usableFromInline func number(at index: Int) -> JSONNumber? {
    guard kind(at: index) == .number else { return nil }
    return JSONNumber(validatedText: String(decoding: span(of: token(index)), as: UTF8.self))
  }

  /// The number at `index` when it is written as plain digits that fit comfortably in an
  /// `Int` (the usual offset): read straight from the bytes, with no text or parsing.
  @usableFromInline func plainInteger(at index: Int) -> Int? {
    guard kind(at: index) == .number else { return nil }
    let digits = span(of: token(index))
    guard digits.count <= 18 else { return nil }
    return ASCIIDecimal.value(of: digits)
  }

  /// The JSON text of the value at `index`, byte for byte as it was sent (for echoing a
  /// request id exactly): a string with its quotes.
  @usableFromInline func rawBytes(at index: Int) -> UnsafeBufferPointer<UInt8> {
    var value = token(index)
    if value.kind == .string {
      value.start -= 1
      value.end += 1
    }
    return span(of: value)
  }

  func value(at index: Int) -> JSONValue {
    switch kind(at: index) {
    case .null?, nil: return .null
    case .false?: return .bool(false)
    case .true?: return .bool(true)
    case .number?: return number(at: index).map(JSONValue.number) ?? .null
    case .string?: return .string(string(at: index) ?? "")
    case .array?: return .array(elements(of: index).map { value(at: $0) })
    case .object?:
      var object = JSONObject()
      forEachMember(of: index) { name, member in
        object.append(name.string, value(at: member.value))
      }
      return .object(object)
    }
  }
}

/// A string of a parsed message (a member name, a method, an enum-like value) lent for the
/// length of a call, for matching against names known in advance: `switch name { case
/// "field": … }` compares its bytes, with no `String` made, and `name == kind.rawValue`
/// compares with a name known at run time.
public struct JSONName {
  /// The string's UTF-8, unescaped: a view of the message's bytes (or of a decoded copy)
  /// valid only inside the call that lent the name.
  @usableFromInline let utf8: UnsafeBufferPointer<UInt8>

  @usableFromInline init(utf8: UnsafeBufferPointer<UInt8>) { self.utf8 = utf8 }

  /// Inlined where a method switches on a name, so that each case's length and bytes are
  /// constants: a name that does not match is ruled out by one comparison of lengths.
  @inlinable @inline(__always)
  public static func ~= (pattern: StaticString, name: JSONName) -> Bool {
    pattern.utf8CodeUnitCount == name.utf8.count
      && name.equals(pattern.utf8Start, count: pattern.utf8CodeUnitCount)
  }

  public static func == (name: JSONName, text: String) -> Bool {
    guard text.utf8.count == name.utf8.count else { return false }
    // Not `withUTF8`, which needs a mutable copy of the text, nor `elementsEqual` on the views:
    // measured at cc95b06, the plain comparison cost 1,170 instructions more a chip keystroke
    // (10,259 against 9,085; the budget repeats to a few instructions).
    return text.utf8.withContiguousStorageIfAvailable { other in
      other.baseAddress.map { name.equals($0, count: other.count) } ?? true
    } ?? text.utf8.elementsEqual(name.utf8)
  }

  /// The name as a `String`, for the names that are data (a field id) and for messages.
  public var string: String { String(decoding: utf8, as: UTF8.self) }

  /// Names are a few bytes long, where a call to `memcmp` costs more than comparing them here.
  /// Measured at cc95b06: `elementsEqual` on the buffers instead cost 2,546 instructions more a
  /// chip keystroke (11,631 against 9,085). Both sides hold `count` bytes, so from 4 bytes on
  /// they are compared as two overlapping words, the first and the last (`selection`: two 8-byte
  /// loads, not nine bytes one by one), and only past 16 bytes word after word.
  @inlinable @inline(__always)
  func equals(_ other: UnsafePointer<UInt8>, count: Int) -> Bool {
    guard let base = utf8.baseAddress else { return count == 0 }
    let mine = UnsafeRawPointer(base)
    let theirs = UnsafeRawPointer(other)
    func same<Word: FixedWidthInteger>(_: Word.Type, at offset: Int) -> Bool {
      mine.loadUnaligned(fromByteOffset: offset, as: Word.self)
        == theirs.loadUnaligned(fromByteOffset: offset, as: Word.self)
    }
    switch count {
    case 0: return true
    case 1..<4:
      var index = 0
      while index < count {
        if base[index] != other[index] { return false }
        index += 1
      }
      return true
    case 4...8: return same(UInt32.self, at: 0) && same(UInt32.self, at: count - 4)
    case 9...16: return same(UInt64.self, at: 0) && same(UInt64.self, at: count - 8)
    default:
      var offset = 0
      while offset + 8 <= count {
        if !same(UInt64.self, at: offset) { return false }
        offset += 8
      }
      return same(UInt64.self, at: count - 8)
    }
  }
}

/// Decoding the escapes of a JSON string that the tape parser has already validated.
enum JSONEscapes {
  /// The UTF-8 of the string whose raw content (between the quotes) is `raw`.
  static func decode(_ raw: UnsafeBufferPointer<UInt8>) -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(raw.count)
    var index = raw.startIndex
    func hex(at start: Int) -> UInt32 {
      let digits = raw[min(start, raw.count)..<min(start + 4, raw.count)]
      return digits.reduce(0) { $0 << 4 | UInt32($1.hexDigitValue ?? 0) }
    }
    while index < raw.endIndex {
      let byte = raw[index]
      guard byte == .backslash, raw.indices.contains(index + 1) else {
        output.append(byte)
        index += 1
        continue
      }
      let kind = raw[index + 1]
      index += 2
      switch kind {
      case .letterB: output.append(0x08)
      case .letterF: output.append(0x0C)
      case .letterN: output.append(.lineFeed)
      case .letterR: output.append(.carriageReturn)
      case .letterT: output.append(.tab)
      case .letterU:
        var value = hex(at: index)
        index += 4
        if (0xD800...0xDBFF).contains(value) {
          // The parser checked that a low surrogate escape follows.
          let low = hex(at: index + 2)
          index += 6
          value = 0x10000 + ((value - 0xD800) << 10) + (low &- 0xDC00) & 0x3FF
        }
        UTF8.encode(Unicode.Scalar(value) ?? "\u{FFFD}") { output.append($0) }
      default: output.append(kind)  // \" \\ \/
      }
    }
    return output
  }
}

/// Finding where a run of JSON string bytes that need no attention ends, eight at a time.
///
/// The reader stops at `"`, `\`, control characters and non-ASCII bytes (which it must validate as
/// UTF-8); the writer at the bytes it must escape, and at the lead bytes `C2` and `E2` of the line
/// separators it escapes too (U+0085, U+2028, U+2029). Checking a 64-bit word at once (the classic
/// "has zero byte" tricks) is about eight times fewer instructions than a comparison chain per
/// byte. The lowest flagged byte of a word is always exact (the tricks can only misflag bytes above
/// a true one), so the first stop inside a word comes from its bit position, without a byte loop:
/// request strings are short and most end inside their first word.
enum PlainStringBytes {
  private static let ones: UInt64 = 0x0101_0101_0101_0101
  private static let highs: UInt64 = 0x8080_8080_8080_8080

  /// The index of the first byte at or after `start` that the reader (`stoppingAtNonASCII`)
  /// or the writer must look at; `bytes.count` when there is none.
  @inline(__always)
  static func end(
    in bytes: UnsafeBufferPointer<UInt8>, from start: Int, stoppingAtNonASCII: Bool
  ) -> Int {
    var position = start
    let count = bytes.count
    if let base = bytes.baseAddress {
      let raw = UnsafeRawPointer(base)
      while position + 8 <= count {
        // Little-endian order puts the word's first byte in its lowest bits.
        let word = UInt64(
          littleEndian: raw.loadUnaligned(fromByteOffset: position, as: UInt64.self))
        let stops = flagged(word, stoppingAtNonASCII: stoppingAtNonASCII)
        if stops != 0 { return position + stops.trailingZeroBitCount / 8 }
        position += 8
      }
    }
    while position < count {
      let byte = bytes[position]
      if byte < 0x20 || byte == .quote || byte == .backslash { break }
      if stoppingAtNonASCII ? byte >= 0x80 : byte == 0xC2 || byte == 0xE2 { break }
      position += 1
    }
    return position
  }

  /// The high bit of each byte of `word` to stop at; exact for the lowest one.
  @inline(__always)
  private static func flagged(_ word: UInt64, stoppingAtNonASCII: Bool) -> UInt64 {
    let control = (word &- ones &* 0x20) & ~word & highs  // bytes < 0x20
    let quote = hasZeroByte(word ^ (ones &* UInt64(UInt8.quote)))
    let backslash = hasZeroByte(word ^ (ones &* UInt64(UInt8.backslash)))
    // `C2` and `E2` differ in one bit only: clearing it finds both with one comparison.
    let nonASCII =
      stoppingAtNonASCII
      ? word & highs : hasZeroByte((word & (ones &* 0xDF)) ^ (ones &* 0xC2))
    return control | quote | backslash | nonASCII
  }

  /// The high bit of each zero byte of `word`; exact for the lowest one.
  @inline(__always)
  private static func hasZeroByte(_ word: UInt64) -> UInt64 {
    (word &- ones) & ~word & highs
  }
}

/// Named bytes of the JSON and framing grammars, and small byte classifications.
extension UInt8 {
  static let tab: UInt8 = 0x09
  static let lineFeed: UInt8 = 0x0A
  static let carriageReturn: UInt8 = 0x0D
  static let space: UInt8 = 0x20
  static let quote: UInt8 = 0x22
  static let plus: UInt8 = 0x2B
  static let comma: UInt8 = 0x2C
  static let minus: UInt8 = 0x2D
  static let period: UInt8 = 0x2E
  static let slash: UInt8 = 0x2F
  static let zero: UInt8 = 0x30
  static let nine: UInt8 = 0x39
  static let colon: UInt8 = 0x3A
  static let letterUpperE: UInt8 = 0x45
  static let openBracket: UInt8 = 0x5B
  static let backslash: UInt8 = 0x5C
  static let closeBracket: UInt8 = 0x5D
  static let letterB: UInt8 = 0x62
  static let letterE: UInt8 = 0x65
  static let letterF: UInt8 = 0x66
  static let letterN: UInt8 = 0x6E
  static let letterR: UInt8 = 0x72
  static let letterT: UInt8 = 0x74
  static let letterU: UInt8 = 0x75
  static let openBrace: UInt8 = 0x7B
  static let closeBrace: UInt8 = 0x7D

  var isDigit: Bool { self >= .zero && self <= .nine }

  /// JSON whitespace (RFC 8259 section 2).
  var isJSONWhitespace: Bool {
    self == .space || self == .tab || self == .lineFeed || self == .carriageReturn
  }

  var hexDigitValue: UInt8? {
    switch self {
    case 0x30...0x39: return self - 0x30
    case 0x41...0x46: return self - 0x41 + 10
    case 0x61...0x66: return self - 0x61 + 10
    default: return nil
    }
  }

  /// ASCII lower case, for case-insensitive header names.
  var asciiLowercased: UInt8 { (0x41...0x5A).contains(self) ? self + 0x20 : self }
}

/// Memory for the token tape and the writer, allocated once and reused from message to message. (An
/// `Array` checked uniqueness and bounds on every token or byte written, which cost more than the
/// parsing and the writing.) Both properties are `let`, so reading them needs no exclusivity check.
@usableFromInline
final class BufferStorage<Element> {
  @usableFromInline let base: UnsafeMutablePointer<Element>
  @usableFromInline let capacity: Int

  init(capacity: Int) {
    self.capacity = capacity
    base = .allocate(capacity: capacity)
  }

  /// The elements are plain values (bytes, tokens): nothing to deinitialize.
  deinit { base.deallocate() }

  /// Fresh storage of `capacity` holding the first `count` elements of this one.
  func copy(keeping count: Int, capacity: Int) -> BufferStorage {
    let copy = BufferStorage(capacity: max(capacity, count))
    copy.base.initialize(from: base, count: min(count, self.capacity))
    return copy
  }
}
