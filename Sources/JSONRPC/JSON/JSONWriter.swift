/// Writes JSON compactly into one reusable byte buffer: the answers of a session, one after
/// another, framed in place and written to stdout from there.
///
/// Writing is structured: `beginObject`, `key`, a value, `endObject`. Commas and quoting are
/// the writer's job, never the caller's. Output is valid UTF-8 JSON on one line for every line
/// splitter: control characters in strings are escaped, and so are U+0085, U+2028 and U+2029,
/// which some readers (Python's `str.splitlines`, JavaScript before ES2019) take for line
/// ends. NDJSON relies on this.
///
/// The structural methods and the small values are inlinable: an answer is a few dozen of
/// these calls, and inlined where the answer is written, a key's length is known when the
/// code is compiled (calls across the module boundary cost about 1,000 instructions a
/// keystroke, a tenth of its work).
public struct JSONWriter: ~Copyable {
  /// The writer cannot be copied, so its storage is never shared.
  @usableFromInline var storage: BufferStorage<UInt8>
  public var count: Int { written }
  @usableFromInline var written = 0
  /// Whether a value was just written, so the next key, element or value takes a comma.
  @usableFromInline var afterValue = false

  public init(capacity: Int = 4096) {
    storage = BufferStorage(capacity: max(capacity, 64))
  }

  @inlinable public mutating func beginObject() { open(UInt8(ascii: "{")) }
  @inlinable public mutating func endObject() { close(UInt8(ascii: "}")) }
  @inlinable public mutating func beginArray() { open(UInt8(ascii: "[")) }
  @inlinable public mutating func endArray() { close(UInt8(ascii: "]")) }

  /// A member's name, `"name":`, after a comma unless it is the object's first. A name
  /// known when the code is compiled is a plain word: it is written as it is, unescaped.
  @inlinable @inline(__always)
  public mutating func key(_ name: StaticString) {
    let length = name.utf8CodeUnitCount
    reserve(length + 4)
    var cursor = storage.base + written
    if afterValue {
      cursor.pointee = UInt8(ascii: ",")
      cursor += 1
    }
    cursor.pointee = UInt8(ascii: "\"")
    (cursor + 1).update(from: name.utf8Start, count: length)
    cursor += length + 1
    cursor[0] = UInt8(ascii: "\"")
    cursor[1] = UInt8(ascii: ":")
    written = cursor + 2 - storage.base
    afterValue = false
  }

  /// A member's name known only at run time (a field id), escaped as any string. A separate
  /// label, so that a literal never lands here by overload resolution (`String` is the
  /// default literal type).
  public mutating func key(text name: String) {
    string(name)
    append(UInt8(ascii: ":"))
    afterValue = false
  }

  @inlinable public mutating func null() { literal("null") }
  @inlinable public mutating func bool(_ value: Bool) { literal(value ? "true" : "false") }

  @inlinable @inline(__always)
  public mutating func int(_ value: Int) { int(Int64(value)) }

  /// A 64-bit integer whatever `Int`'s width: wire numbers (`rev`, `sizeBytes`) pass 2^31.
  @inlinable @inline(__always)
  public mutating func int(_ value: Int64) {
    separate()
    reserve(ASCIIDecimal.maxDigits + 1)
    if value < 0 { put(UInt8(ascii: "-")) }
    // The magnitude as UInt, so Int.min needs no special case.
    written += ASCIIDecimal.write(value.magnitude, at: storage.base + written)
    afterValue = true
  }

  /// The string `"numerator/denominator"` (a progress label, `"2/4"`), written straight into
  /// the output: making it a String first cost more than the rest of its member.
  public mutating func string(numerator: Int, denominator: Int) {
    separate()
    reserve(2 * (ASCIIDecimal.maxDigits + 1) + 3)
    put(UInt8(ascii: "\""))
    putDecimal(numerator)
    put(UInt8(ascii: "/"))
    putDecimal(denominator)
    put(UInt8(ascii: "\""))
    afterValue = true
  }

  /// A whole number's digits into room already reserved.
  private mutating func putDecimal(_ value: Int) {
    if value < 0 { put(UInt8(ascii: "-")) }
    written += ASCIIDecimal.write(value.magnitude, at: storage.base + written)
  }

  /// A decimal number given as its digits and how many of them are decimals (`522297`, 4:
  /// `52.2297`), written without ever becoming text first.
  public mutating func decimal(negative: Bool, significand: UInt64, scale: Int) {
    separate()
    let scale = max(0, min(scale, ASCIIDecimal.maxDigits))
    reserve(ASCIIDecimal.maxDigits + 3 + scale)
    if negative { put(UInt8(ascii: "-")) }
    let start = written
    let count = ASCIIDecimal.write(significand, at: storage.base + written)
    written += count
    guard scale > 0 else {
      afterValue = true
      return
    }
    // Zeros in front until there is a digit before the point (`0.05` from 5 with 2 decimals),
    // then the point moved in.
    let padding = max(0, scale + 1 - count)
    (storage.base + start + padding).update(from: storage.base + start, count: count)
    (storage.base + start).update(repeating: UInt8(ascii: "0"), count: padding)
    let digits = count + padding
    let point = start + digits - scale
    (storage.base + point + 1).update(from: storage.base + point, count: scale)
    storage.base[point] = UInt8(ascii: ".")
    written = start + digits + 1
    afterValue = true
  }

  /// A number, exactly as its text was given or made.
  public mutating func number(_ number: JSONNumber) {
    separate()
    var text = number.text
    text.withUTF8 { append(contentsOf: $0) }
    afterValue = true
  }

  @inlinable @inline(__always)
  public mutating func string(_ value: String) {
    separate()
    append(UInt8(ascii: "\""))
    var value = value
    value.withUTF8 { appendEscaped($0) }
    append(UInt8(ascii: "\""))
    afterValue = true
  }

  /// A whole tree (error data, and for callers that build one).
  public mutating func value(_ value: JSONValue) {
    switch value {
    case .null: null()
    case .bool(let flag): bool(flag)
    case .number(let number): self.number(number)
    case .string(let text): string(text)
    case .array(let elements):
      beginArray()
      for element in elements { self.value(element) }
      endArray()
    case .object(let object):
      beginObject()
      for member in object.members {
        key(text: member.name)
        self.value(member.value)
      }
      endObject()
    }
  }

  /// A value that is already JSON text (an id echoed as it was sent), with any U+0085, U+2028
  /// or U+2029 in it escaped: valid JSON holds them only inside strings, where the escape means
  /// the same.
  public mutating func value(json text: UnsafeBufferPointer<UInt8>) {
    separate()
    var runStart = 0
    // A separator's other bytes are below C2: only lead bytes are looked at.
    for index in text.indices where text[index] >= 0xC2 {
      guard let separator = Self.lineSeparator(text, at: index) else { continue }
      append(contentsOf: UnsafeBufferPointer(rebasing: text[runStart..<index]))
      appendUnicodeEscape(separator.code)
      runStart = index + separator.length
    }
    append(contentsOf: UnsafeBufferPointer(rebasing: text[runStart..<text.count]))
    afterValue = true
  }

  /// Where the writer is: to cut a partly written answer back with `rewind`.
  public struct Mark {
    fileprivate let written: Int
    fileprivate let afterValue: Bool
  }

  public var mark: Mark { Mark(written: written, afterValue: afterValue) }

  /// Cuts everything written since `mark` (an answer replaced by an error, say).
  public mutating func rewind(to mark: Mark) {
    written = min(written, max(0, mark.written))
    afterValue = mark.afterValue
  }

  /// A copy of the bytes written so far, in one memcpy (`Array(buffer)` copies element by
  /// element in Embedded Swift: a fifth of a keystroke in the WebAssembly module).
  public var bytes: [UInt8] {
    withBytes { written in
      [UInt8](unsafeUninitializedCapacity: written.count) { target, count in
        UnsafeMutableRawBufferPointer(target).copyMemory(from: UnsafeRawBufferPointer(written))
        count = written.count
      }
    }
  }

  /// Lends the bytes written so far without copying them.
  public func withBytes<Result, Failure: Error>(
    _ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    // The storage outlives the call (`withExtendedLifetime`'s own body rethrows untyped).
    defer { withExtendedLifetime(storage) {} }
    return try body(UnsafeBufferPointer(start: storage.base, count: written))
  }

  /// Empties the buffer but keeps its storage, so steady-state writing allocates nothing;
  /// storage grown past `keepingUpTo` bytes (by a burst of answers nobody read) is let go.
  public mutating func reset(keepingUpTo limit: Int = Int.max) {
    if storage.capacity > limit { storage = BufferStorage(capacity: 64 * 1024) }
    written = 0
    afterValue = false
  }

  /// Starts a new top-level value (the next answer): no comma goes before it.
  public mutating func beginDocument() { afterValue = false }

  /// Removes the bytes in `range` (clamped to what is written), moving what follows back.
  public mutating func remove(_ range: Range<Int>) {
    let lower = min(max(0, range.lowerBound), written)
    let upper = min(max(lower, range.upperBound), written)
    (storage.base + lower).update(from: storage.base + upper, count: written - upper)
    written -= upper - lower
  }

  /// Appends raw bytes that are not JSON values (framing: a newline, a header).
  public mutating func append(contentsOf source: UnsafeBufferPointer<UInt8>) {
    guard let sourceBase = source.baseAddress, !source.isEmpty else { return }
    reserve(source.count)
    (storage.base + written).update(from: sourceBase, count: source.count)
    written += source.count
  }

  /// Leaves `count` bytes of room, to be filled later by `overwrite` (an LSP header, whose
  /// length is known only once its body is written).
  public mutating func leaveRoom(_ count: Int) {
    reserve(max(0, count))
    written += max(0, count)
  }

  /// Writes raw bytes over what is written, ending at `end` (an LSP header into its room).
  /// Bytes that would fall outside what is written are not written.
  public mutating func overwrite(_ source: UnsafeBufferPointer<UInt8>, endingAt end: Int) {
    guard let sourceBase = source.baseAddress, source.count <= end, end <= written else { return }
    (storage.base + end - source.count).update(from: sourceBase, count: source.count)
  }

  @inlinable
  public mutating func append(_ byte: UInt8) {
    reserve(1)
    put(byte)
  }

  @inlinable
  mutating func open(_ bracket: UInt8) {
    separate()
    append(bracket)
    afterValue = false
  }

  @inlinable
  mutating func close(_ bracket: UInt8) {
    append(bracket)
    afterValue = true
  }

  @inlinable
  mutating func literal(_ text: StaticString) {
    separate()
    reserve(text.utf8CodeUnitCount)
    (storage.base + written).update(from: text.utf8Start, count: text.utf8CodeUnitCount)
    written += text.utf8CodeUnitCount
    afterValue = true
  }

  @inlinable
  mutating func separate() {
    if afterValue { append(UInt8(ascii: ",")) }
  }

  /// Writes one byte into room already reserved.
  @inlinable
  mutating func put(_ byte: UInt8) {
    storage.base[written] = byte
    written += 1
  }

  @inlinable
  mutating func reserve(_ extra: Int) {
    if written + extra > storage.capacity { grow(toHold: written + extra) }
  }

  /// The rare path kept out of line, so the hot appends stay small: doubling, so growth is
  /// amortised.
  @usableFromInline @inline(never)
  mutating func grow(toHold needed: Int) {
    storage = storage.copy(keeping: written, capacity: max(needed, storage.capacity * 2))
  }

  /// A string's UTF-8 with what JSON must escape escaped: clean runs are found a word at a
  /// time and copied whole.
  @usableFromInline
  mutating func appendEscaped(_ utf8: UnsafeBufferPointer<UInt8>) {
    var runStart = 0
    var index = 0
    let end = utf8.count
    while index < end {
      index = PlainStringBytes.end(in: utf8, from: index, stoppingAtNonASCII: false)
      guard index < end else { break }
      let byte = utf8[index]
      if byte >= 0x80 {
        // The lead byte of a line separator, or of another character, copied as it is.
        guard let separator = Self.lineSeparator(utf8, at: index) else {
          index += 1
          continue
        }
        append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
        appendUnicodeEscape(separator.code)
        index += separator.length
      } else {
        append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
        appendEscape(for: byte)
        index += 1
      }
      runStart = index
    }
    append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<end]))
  }

  /// U+0085 (`C2 85`), U+2028 (`E2 80 A8`) or U+2029 (`E2 80 A9`) when one starts at `index`:
  /// its code point and UTF-8 length.
  private static func lineSeparator(_ utf8: UnsafeBufferPointer<UInt8>, at index: Int) -> (
    code: UInt16, length: Int
  )? {
    let lead = utf8[index]
    if lead == 0xC2, index + 1 < utf8.count, utf8[index + 1] == 0x85 { return (0x85, 2) }
    guard lead == 0xE2, index + 2 < utf8.count, utf8[index + 1] == 0x80 else { return nil }
    switch utf8[index + 2] {
    case 0xA8: return (0x2028, 3)
    case 0xA9: return (0x2029, 3)
    default: return nil
    }
  }

  private mutating func appendEscape(for byte: UInt8) {
    let letter: UInt8
    switch byte {
    case .quote, .backslash: letter = byte
    case .lineFeed: letter = .letterN
    case .carriageReturn: letter = .letterR
    case .tab: letter = .letterT
    case 0x08: letter = .letterB
    case 0x0C: letter = .letterF
    default: return appendUnicodeEscape(UInt16(byte))
    }
    reserve(2)
    put(.backslash)
    put(letter)
  }

  /// `\uXXXX`, lower-case hex.
  private mutating func appendUnicodeEscape(_ code: UInt16) {
    let hex: StaticString = "0123456789abcdef"
    reserve(6)
    put(.backslash)
    put(.letterU)
    for shift in stride(from: 12, through: 0, by: -4) {
      put(hex.utf8Start[Int(code >> UInt16(shift) & 0xF)])
    }
  }
}

extension JSONValue {
  public var jsonText: String {
    var writer = JSONWriter(capacity: 64)
    writer.value(self)
    return String(decoding: writer.bytes, as: UTF8.self)
  }
}

/// A member of the object being written, `"name":value`, in one call: the common case of
/// `key` followed by a value.
extension JSONWriter {
  @inlinable @inline(__always) public mutating func member(_ name: StaticString, _ value: String) {
    key(name)
    string(value)
  }

  @inlinable @inline(__always) public mutating func member(_ name: StaticString, _ value: Int) {
    key(name)
    int(value)
  }

  @inlinable @inline(__always) public mutating func member(_ name: StaticString, _ value: Int64) {
    key(name)
    int(value)
  }

  @inlinable @inline(__always) public mutating func member(_ name: StaticString, _ value: Bool) {
    key(name)
    bool(value)
  }
}
