/// A parsed message: its bytes and its tape, read without building a tree.
///
/// Values are named by their token index. Member names are compared as bytes, strings are
/// decoded only when asked for, and numbers keep their text. `value(at:)` builds a
/// `JSONValue` for the callers that want a whole subtree.
public struct JSONDocument: Sendable {
  public let bytes: ArraySlice<UInt8>
  public let tokens: TokenList

  /// The root value's index.
  public static let root = 0

  public init(bytes: ArraySlice<UInt8>, tape: JSONTape) {
    self.bytes = bytes
    self.tokens = TokenList(storage: tape.storage, count: tape.count)
  }

  /// Parses `bytes` into a document of its own (for tests and one-off uses; the server
  /// reuses one tape for every message).
  public init(parsing bytes: ArraySlice<UInt8>, maxDepth: Int = JSONReader.defaultMaxDepth)
    throws(JSONParseError)
  {
    var tape = JSONTape()
    try tape.parse(bytes, maxDepth: maxDepth)
    self.init(bytes: bytes, tape: tape)
  }

  public func kind(at index: Int) -> JSONTape.Kind? {
    tokens.indices.contains(index) ? tokens[index].kind : nil
  }

  // MARK: - Containers

  /// The members of the object at `index`, as (name token, value token) index pairs.
  public func members(of index: Int) -> [(name: Int, value: Int)] {
    var result: [(name: Int, value: Int)] = []
    forEachMember(of: index) { result.append(($0, $1)) }
    return result
  }

  /// Calls `body` with each member's name and value indices, in document order.
  public func forEachMember(of index: Int, _ body: (_ name: Int, _ value: Int) -> Void) {
    guard kind(at: index) == .object else { return }
    let end = tokens[index].next
    var name = index + 1
    while name + 1 < end, tokens.indices.contains(name + 1) {
      body(name, name + 1)
      name = tokens[name + 1].next
    }
  }

  /// The value of the last member named `name` (later duplicates win), or nil.
  public func member(_ name: String, of index: Int) -> Int? {
    var name = name
    return name.withUTF8 { member($0, of: index) }
  }

  /// `member` for a name known at compile time.
  public func member(_ name: StaticString, of index: Int) -> Int? {
    member(UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount), of: index)
  }

  /// One pass over the object's members, comparing lengths first and bytes only then: the
  /// lookup every parameter read makes.
  private func member(_ wanted: UnsafeBufferPointer<UInt8>, of index: Int) -> Int? {
    guard kind(at: index) == .object else { return nil }
    let end = tokens[index].next
    return bytes.withUnsafeBufferPointer { all -> Int? in
      var found: Int?
      var key = index + 1
      while key + 1 < end, key + 1 < tokens.count {
        let token = tokens[key]
        if token.end - token.start == wanted.count || token.isEscaped {
          if keyEquals(token, key, wanted, in: all) { found = key + 1 }
        }
        key = tokens[key + 1].next
      }
      return found
    }
  }

  /// The first member of the object at `index` whose name is not in `table` (its name's
  /// index), or nil when every name is.
  public func firstMemberName(of index: Int, notIn table: [StaticString]) -> Int? {
    guard kind(at: index) == .object else { return nil }
    let end = tokens[index].next
    return bytes.withUnsafeBufferPointer { all -> Int? in
      var key = index + 1
      while key + 1 < end, key + 1 < tokens.count {
        let token = tokens[key]
        let isKnown =
          token.isEscaped ? match(key, in: table) != nil : Self.match(token, in: table, all) != nil
        if !isKnown { return key }
        key = tokens[key + 1].next
      }
      return nil
    }
  }

  /// Files each member of the object at `index` under its name's position in `names`
  /// (later duplicates win): one pass, one buffer scope. Answers the name token of the
  /// first member whose name is not in `names`, if any.
  func file(membersOf index: Int, into slots: inout ParamSlots) -> Int? {
    guard kind(at: index) == .object else { return nil }
    let end = tokens[index].next
    let names = slots.names
    return bytes.withUnsafeBufferPointer { all -> Int? in
      var stranger: Int?
      var key = index + 1
      while key + 1 < end, key + 1 < tokens.count {
        let token = tokens[key]
        let position = token.isEscaped ? match(key, in: names) : Self.match(token, in: names, all)
        if let position {
          slots.file(key + 1, at: position)
        } else if stranger == nil {
          stranger = key
        }
        key = tokens[key + 1].next
      }
      return stranger
    }
  }

  /// The position in `table` of the string at `index`, compared as bytes (for enum-like
  /// parameters such as a field kind or an edit type, and the envelope's names).
  public func match<Table: Collection<StaticString>>(_ index: Int, in table: Table) -> Int? {
    guard kind(at: index) == .string else { return nil }
    let token = tokens[index]
    guard !token.isEscaped else {
      // Rare: an escaped name is decoded and compared whole.
      let text = string(at: index) ?? ""
      return table.enumerated().first { "\($0.element)" == text }?.offset
    }
    return bytes.withUnsafeBufferPointer { Self.match(token, in: table, $0) }
  }

  /// `match` for an unescaped string token, within a scope that holds the bytes: lengths
  /// are compared before any byte is. Any collection of names, so that one name needs no
  /// array.
  private static func match<Table: Collection<StaticString>>(
    _ token: JSONTape.Token, in table: Table, _ all: UnsafeBufferPointer<UInt8>
  ) -> Int? {
    let length = token.end - token.start
    guard token.kind == .string, token.start >= 0, token.end <= all.count,
      let base = all.baseAddress
    else { return nil }
    for (position, candidate) in table.enumerated()
    where candidate.utf8CodeUnitCount == length
      && ShortBytes.equal(base + token.start, candidate.utf8Start, count: length)
    {
      return position
    }
    return nil
  }

  /// The elements of the array at `index`.
  public func elements(of index: Int) -> [Int] {
    guard kind(at: index) == .array else { return [] }
    var result: [Int] = []
    let end = tokens[index].next
    var element = index + 1
    while element < end, tokens.indices.contains(element) {
      result.append(element)
      element = tokens[element].next
    }
    return result
  }

  // MARK: - Scalars

  /// Whether the string at `index` is exactly `wanted` (UTF-8), compared without decoding
  /// unless the string has escapes.
  func keyEquals(_ index: Int, _ wanted: UnsafeBufferPointer<UInt8>) -> Bool {
    guard kind(at: index) == .string else { return false }
    return bytes.withUnsafeBufferPointer { keyEquals(tokens[index], index, wanted, in: $0) }
  }

  private func keyEquals(
    _ token: JSONTape.Token, _ index: Int, _ wanted: UnsafeBufferPointer<UInt8>,
    in all: UnsafeBufferPointer<UInt8>
  ) -> Bool {
    if token.isEscaped { return Array(string(at: index)?.utf8 ?? "".utf8).elementsEqual(wanted) }
    let length = token.end - token.start
    guard length == wanted.count else { return false }
    guard length > 0, let wantedBase = wanted.baseAddress else { return true }
    guard let base = all.baseAddress, token.start >= 0, token.end <= all.count else { return false }
    return ShortBytes.equal(base + token.start, wantedBase, count: length)
  }

  /// `keyEquals` for a name known at compile time.
  func keyEquals(_ index: Int, _ wanted: StaticString) -> Bool {
    keyEquals(index, UnsafeBufferPointer(start: wanted.utf8Start, count: wanted.utf8CodeUnitCount))
  }

  /// The string at `index`, decoded; nil for any other kind.
  public func string(at index: Int) -> String? {
    guard kind(at: index) == .string else { return nil }
    let token = tokens[index]
    let raw = bytes[(bytes.startIndex + token.start)..<(bytes.startIndex + token.end)]
    // Validated as UTF-8 when parsed, so decoding repairs nothing; from a buffer pointer it
    // takes the standard library's fast path.
    guard token.isEscaped else {
      return raw.withUnsafeBufferPointer { String(decoding: $0, as: UTF8.self) }
    }
    return String(decoding: JSONEscapes.decode(raw), as: UTF8.self)
  }

  /// The number at `index`, with its exact text; nil for any other kind.
  public func number(at index: Int) -> JSONNumber? {
    guard kind(at: index) == .number else { return nil }
    let token = tokens[index]
    let raw = bytes[(bytes.startIndex + token.start)..<(bytes.startIndex + token.end)]
    return JSONNumber(validatedText: String(decoding: raw, as: UTF8.self))
  }

  /// The number at `index` when it is written as plain digits that fit comfortably in an
  /// `Int` (the usual offset): read straight from the bytes, with no text or parsing.
  public func plainInteger(at index: Int) -> Int? {
    guard kind(at: index) == .number else { return nil }
    let token = tokens[index]
    guard token.end - token.start <= 18 else { return nil }
    var value = 0
    for position in token.start..<token.end {
      let byte = bytes[bytes.startIndex + position]
      guard byte.isDigit else { return nil }
      value = value * 10 + Int(byte - .zero)
    }
    return value
  }

  /// Whether the value at `index` is the string `text`, compared as bytes.
  public func isString(at index: Int, _ text: StaticString) -> Bool {
    match(index, in: CollectionOfOne(text)) == 0
  }

  /// Lends the raw JSON text of the value at `index` (see `rawBytes(at:)`) without making
  /// an array slice of it.
  public func withRawBytes<Result>(
    at index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result
  ) -> Result {
    let range = rawRange(at: index)
    return bytes.withUnsafeBufferPointer { all in
      guard let base = all.baseAddress else {
        return body(UnsafeBufferPointer(start: nil, count: 0))
      }
      return body(UnsafeBufferPointer(start: base + range.lowerBound, count: range.count))
    }
  }

  /// The raw JSON text of the value at `index`, byte for byte as it was sent (for echoing
  /// a request id exactly).
  public func rawBytes(at index: Int) -> ArraySlice<UInt8> {
    let range = rawRange(at: index)
    return bytes[(bytes.startIndex + range.lowerBound)..<(bytes.startIndex + range.upperBound)]
  }

  /// Where the value at `index` is written, relative to the first byte: strings span their
  /// content, so they are widened by their quotes. Empty for an index with no token.
  private func rawRange(at index: Int) -> Range<Int> {
    guard tokens.indices.contains(index) else { return 0..<0 }
    let token = tokens[index]
    let widen = token.kind == .string ? 1 : 0
    let start = min(max(0, token.start - widen), bytes.count)
    return start..<max(start, min(bytes.count, token.end + widen))
  }

  // MARK: - Trees

  /// The value at `index` as a `JSONValue` tree.
  public func value(at index: Int) -> JSONValue {
    guard let kind = kind(at: index) else { return .null }
    switch kind {
    case .null: return .null
    case .false: return .bool(false)
    case .true: return .bool(true)
    case .number: return number(at: index).map(JSONValue.number) ?? .null
    case .string: return .string(string(at: index) ?? "")
    case .array: return .array(elements(of: index).map { value(at: $0) })
    case .object:
      var object = JSONObject(minimumCapacity: 4)
      forEachMember(of: index) { name, member in
        object.append(string(at: name) ?? "", value(at: member))
      }
      return .object(object)
    }
  }
}
