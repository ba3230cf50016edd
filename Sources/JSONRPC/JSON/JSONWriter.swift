/// Serialises JSON compactly into a reusable byte buffer.
///
/// Output is always valid UTF-8 JSON on one line for every line splitter: control characters
/// in strings are escaped, and so are U+0085, U+2028 and U+2029, which some readers (Python's
/// `str.splitlines`, JavaScript before ES2019) take for line ends. NDJSON relies on this.
/// Hot paths write members straight in (`writeRaw` for pre-spelled punctuation and keys,
/// `write(string:)`, `write(int:)`); `write(_:)` writes a whole `JSONValue` tree.
public struct JSONWriter: ~Copyable {
  /// Written through a pointer: an `Array` checked uniqueness and bounds on every key and
  /// punctuation mark, which cost more than the bytes it copied. The writer cannot be
  /// copied, so its storage is never shared and needs no uniqueness check either.
  private var storage: WriterStorage
  /// How many bytes are written.
  public private(set) var count = 0

  public init(capacity: Int = 4096) {
    storage = WriterStorage(capacity: max(capacity, 64))
  }

  /// A copy of the bytes written so far.
  public var bytes: ArraySlice<UInt8> { withBytes { ArraySlice($0) } }

  /// Lends the bytes written so far without copying them.
  public func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows
    -> Result
  {
    try withExtendedLifetime(storage) {
      try body(UnsafeBufferPointer(start: storage.base, count: count))
    }
  }

  /// Empties the buffer but keeps its storage, so steady-state writing allocates nothing.
  public mutating func reset() { count = 0 }

  /// Cuts the buffer back to `newCount` bytes (to drop a partly written answer).
  public mutating func truncate(to newCount: Int) {
    count = min(count, max(0, newCount))
  }

  public mutating func append(_ byte: UInt8) {
    reserve(1)
    storage.base[count] = byte
    count += 1
  }

  public mutating func append(contentsOf source: UnsafeBufferPointer<UInt8>) {
    guard let sourceBase = source.baseAddress, !source.isEmpty else { return }
    reserve(source.count)
    let target = storage.base + count
    // Keys and punctuation are short: two overlapping word copies cost less than a call to
    // memcpy.
    switch source.count {
    case 4...7: Self.copyOverlapping(UInt32.self, from: sourceBase, to: target, count: source.count)
    case 8...16:
      Self.copyOverlapping(UInt64.self, from: sourceBase, to: target, count: source.count)
    default: target.update(from: sourceBase, count: source.count)
    }
    count += source.count
  }

  /// Copies `count` bytes (between one and two `Word`s) as the first and the last word.
  @inline(__always)
  private static func copyOverlapping<Word: FixedWidthInteger>(
    _: Word.Type, from source: UnsafePointer<UInt8>, to target: UnsafeMutablePointer<UInt8>,
    count: Int
  ) {
    let from = UnsafeRawPointer(source)
    let to = UnsafeMutableRawPointer(target)
    let tail = count - MemoryLayout<Word>.size
    let first = from.loadUnaligned(as: Word.self)
    let last = from.loadUnaligned(fromByteOffset: tail, as: Word.self)
    to.storeBytes(of: first, as: Word.self)
    to.storeBytes(of: last, toByteOffset: tail, as: Word.self)
  }

  public mutating func append(contentsOf source: ArraySlice<UInt8>) {
    source.withUnsafeBufferPointer { append(contentsOf: $0) }
  }

  /// Makes room for `extra` more bytes.
  @inline(__always)
  private mutating func reserve(_ extra: Int) {
    if count + extra > storage.capacity { grow(toHold: count + extra) }
  }

  /// The rare path kept out of line, so the hot appends stay small: doubling, so growth
  /// is amortised.
  @inline(never)
  private mutating func grow(toHold needed: Int) {
    storage = storage.copy(keeping: count, capacity: max(needed, storage.capacity * 2))
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
      storage.base[position] = UInt8(truncatingIfNeeded: magnitude % 10) + .zero
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
        // Clean runs are found a word at a time and copied whole.
        index = PlainStringBytes.escapeFreeEnd(in: utf8, from: index)
        guard index < count else { break }
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
      append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<count]))
    }
    append(.quote)
  }

  /// Appends JSON text already written (an id echoed as it was sent), with any U+0085, U+2028
  /// or U+2029 in it escaped: valid JSON holds them only inside strings, where the escape means
  /// the same.
  public mutating func append(json text: UnsafeBufferPointer<UInt8>) {
    var runStart = 0
    var index = 0
    while index < text.count {
      guard text[index] >= 0xC2, let separator = Self.lineSeparator(text, at: index) else {
        index += 1
        continue
      }
      append(contentsOf: UnsafeBufferPointer(rebasing: text[runStart..<index]))
      appendUnicodeEscape(separator.code)
      index += separator.length
      runStart = index
    }
    append(contentsOf: UnsafeBufferPointer(rebasing: text[runStart..<text.count]))
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
    switch byte {
    case .quote, .backslash:
      append(.backslash)
      append(byte)
    case .lineFeed:
      append(.backslash)
      append(.letterN)
    case .carriageReturn:
      append(.backslash)
      append(.letterR)
    case .tab:
      append(.backslash)
      append(.letterT)
    case 0x08:
      append(.backslash)
      append(.letterB)
    case 0x0C:
      append(.backslash)
      append(.letterF)
    default: appendUnicodeEscape(UInt16(byte))
    }
  }

  /// `\uXXXX`, lower-case hex.
  private mutating func appendUnicodeEscape(_ code: UInt16) {
    let hex: StaticString = "0123456789abcdef"
    let digits = UnsafeBufferPointer(start: hex.utf8Start, count: 16)
    append(.backslash)
    append(.letterU)
    for shift in stride(from: 12, through: 0, by: -4) {
      append(digits[Int(code >> UInt16(shift) & 0xF)])
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

/// The memory a `JSONWriter` writes into.
private final class WriterStorage {
  let base: UnsafeMutablePointer<UInt8>
  let capacity: Int

  init(capacity: Int) {
    self.capacity = capacity
    base = .allocate(capacity: capacity)
  }

  deinit { base.deallocate() }

  /// Fresh storage of `capacity` bytes holding the first `count` bytes of this one.
  func copy(keeping count: Int, capacity: Int) -> WriterStorage {
    let copy = WriterStorage(capacity: max(capacity, count))
    copy.base.initialize(from: base, count: min(count, self.capacity))
    return copy
  }
}
