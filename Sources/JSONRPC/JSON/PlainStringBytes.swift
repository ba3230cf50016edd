/// Finding where a run of JSON string bytes that need no attention ends, eight at a time.
///
/// The reader stops at `"`, `\`, control characters and non-ASCII bytes (which it must
/// validate as UTF-8); the writer at the bytes it must escape, and at the lead bytes `C2` and
/// `E2` of the line separators it escapes too (U+0085, U+2028, U+2029). Checking a 64-bit
/// word at once (the classic "has zero byte" tricks) is about eight times fewer
/// instructions than a comparison chain per byte. The lowest flagged byte of a word is
/// always exact (the tricks can only misflag bytes above a true one), so the first stop
/// inside a word comes from its bit position, without a byte loop: request strings are
/// short and most end inside their first word.
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
