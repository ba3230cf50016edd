/// Serialises JSON compactly into a reusable byte buffer.
///
/// Output is always valid UTF-8 JSON on one line: control characters in strings are
/// escaped, so a written value never contains a raw newline (NDJSON relies on this).
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
        append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
        appendEscape(for: utf8[index])
        index += 1
        runStart = index
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
