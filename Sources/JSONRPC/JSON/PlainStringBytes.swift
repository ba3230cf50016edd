/// Finding where a JSON string's plain run ends, eight bytes at a time.
///
/// A byte is plain when it needs no attention: printable ASCII other than `"` and `\`.
/// Checking a 64-bit word at once (the classic "has zero byte" tricks) is about eight
/// times fewer instructions than a comparison chain per byte, and request strings are
/// short, so most fit in one or two words.
enum PlainStringBytes {
  private static let ones: UInt64 = 0x0101_0101_0101_0101
  private static let highs: UInt64 = 0x8080_8080_8080_8080

  /// The index of the first byte at or after `start` that is not plain (or `bytes.count`).
  static func end(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    var position = start
    let count = bytes.count
    if let base = bytes.baseAddress {
      let raw = UnsafeRawPointer(base)
      while position + 8 <= count {
        let word = raw.loadUnaligned(fromByteOffset: position, as: UInt64.self)
        guard isPlain(word) else { break }
        position += 8
      }
    }
    while position < count, isPlain(bytes[position]) { position += 1 }
    return position
  }

  @inline(__always)
  static func isPlain(_ byte: UInt8) -> Bool {
    byte >= 0x20 && byte < 0x80 && byte != .quote && byte != .backslash
  }

  /// Whether all eight bytes of `word` are plain.
  @inline(__always)
  private static func isPlain(_ word: UInt64) -> Bool {
    let nonASCII = word & highs
    let control = (word &- ones &* 0x20) & ~word & highs  // some byte < 0x20
    let quote = hasZeroByte(word ^ (ones &* UInt64(UInt8.quote)))
    let backslash = hasZeroByte(word ^ (ones &* UInt64(UInt8.backslash)))
    return (nonASCII | control | quote | backslash) == 0
  }

  /// Nonzero when some byte of `word` is zero.
  @inline(__always)
  private static func hasZeroByte(_ word: UInt64) -> UInt64 {
    (word &- ones) & ~word & highs
  }
}
