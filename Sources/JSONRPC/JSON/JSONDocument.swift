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

  // MARK: - Containers

  /// Calls `body` with each member of the object at `index`, in document order: its name,
  /// lent for the call, and its value's index.
  @usableFromInline func forEachMember<Failure: Error>(
    of index: Int, _ body: (JSONName, _ value: Int) throws(Failure) -> Void
  ) throws(Failure) {
    guard kind(at: index) == .object else { return }
    let end = token(index).next
    var name = index + 1
    while name + 1 < end, name + 1 < tokens.count {
      let key = token(name)
      if key.isEscaped {
        // Rare: a name with escapes is decoded for the call.
        try JSONEscapes.decode(span(of: key)).withUnsafeBufferPointer { utf8 throws(Failure) in
          try body(JSONName(utf8: utf8), name + 1)
        }
      } else {
        try body(JSONName(utf8: span(of: key)), name + 1)
      }
      name = token(name + 1).next
    }
  }

  /// The indices of the elements of the array at `index`, in order.
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

  // MARK: - Scalars

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
      forEachMember(of: index) { name, member in object.append(name.string, value(at: member)) }
      return .object(object)
    }
  }
}
