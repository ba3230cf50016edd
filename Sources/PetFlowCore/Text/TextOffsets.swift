/// Client offsets in a position encoding, turned into grapheme-cluster boundaries of one text and
/// back: the one place where offsets meet `String.Index`. Offsets become UTF-8 positions by one
/// scan of the bytes that counts each scalar's code units, so every conversion is linear; a
/// position is then moved to a cluster boundary by the standard library (`index(after:)` and
/// `index(before:)` round an index inside a cluster down to its start), which only looks at the
/// clusters around it. Native strings index UTF-8 positions in constant time, and the text is made
/// native once.
struct TextOffsets {
  /// A place in the text: its UTF-8 position and its offset in the encoding.
  struct Position: Equatable {
    var utf8: Int
    var offset: Int

    static let start = Position(utf8: 0, offset: 0)
  }

  let text: String
  let encoding: PositionEncoding

  init(_ text: String, encoding: PositionEncoding) {
    var text = text
    text.makeContiguousUTF8()
    self.text = text
    self.encoding = encoding
  }

  func index(_ position: Position) -> String.Index {
    text.utf8.index(text.utf8.startIndex, offsetBy: min(max(0, position.utf8), text.utf8.count))
  }

  /// The cluster boundary at or before `offset`: an offset inside a character (a UTF-8 sequence,
  /// a surrogate pair, a grapheme cluster) rounds down to its start, one past the end clamps to
  /// the end.
  func boundary(atOrBefore offset: Int) -> Position {
    let scalarStart = scalarStart(atOrBefore: offset)
    let boundary = roundedDown(scalarStart.utf8)
    return Position(
      utf8: boundary, offset: scalarStart.offset - units(boundary..<scalarStart.utf8))
  }

  /// The boundaries of a selection: its start rounds down to a cluster boundary and, when it is a
  /// range, its end rounds up, so a range that starts or ends inside `👍🏽` covers all of it. A
  /// caret (an empty selection) rounds down.
  func boundaries(of selection: FieldSelection) -> (start: Position, end: Position) {
    let ordered = selection.ordered
    let ascii = text.utf8.withContiguousStorageIfAvailable { bytes -> (Position, Position)? in
      // Both ends lie in an ASCII prefix (the byte at the end included, for CR LF): typed text.
      let checked = ordered.end < bytes.count ? ordered.end + 1 : bytes.count
      guard Self.isASCII(UnsafeBufferPointer(rebasing: bytes[..<checked])) else { return nil }
      return (
        Self.asciiBoundary(ordered.start, in: bytes),
        Self.asciiBoundary(ordered.end, in: bytes, roundingUp: !ordered.isEmpty)
      )
    }
    if let ascii = ascii ?? nil { return ascii }
    let start = boundary(atOrBefore: ordered.start)
    guard !ordered.isEmpty else { return (start, start) }
    return (start, boundary(atOrAfter: ordered.end))
  }

  /// The boundary at or before `offset` (not negative), or at or after it when `roundingUp`, when
  /// the text is ASCII up to and at it. There every byte is one scalar, one code unit of every
  /// encoding and a cluster of its own, except CR LF (one cluster, which starts at the CR), so no
  /// scan or grapheme breaking is needed.
  static func asciiBoundary(
    _ offset: Int, in bytes: UnsafeBufferPointer<UInt8>, roundingUp: Bool = false
  ) -> Position {
    var position = min(offset, bytes.count)
    if position > 0, position < bytes.count, bytes[position - 1] == UInt8(ascii: "\r"),
      bytes[position] == UInt8(ascii: "\n")
    {
      position += roundingUp ? 1 : -1
    }
    return Position(utf8: position, offset: position)
  }

  /// The cluster boundary at or after `offset`, clamped to the end.
  func boundary(atOrAfter offset: Int) -> Position {
    let down = boundary(atOrBefore: offset)
    return down.offset < offset ? boundary(after: down) ?? down : down
  }

  /// The start of the cluster that ends at `position` (a boundary), nil at the start.
  func boundary(before position: Position) -> Position? {
    guard position.utf8 > 0 else { return nil }
    let start = utf8Position(of: text.index(before: index(position)))
    return Position(utf8: start, offset: position.offset - units(start..<position.utf8))
  }

  /// The end of the cluster that starts at `position` (a boundary), nil at the end.
  func boundary(after position: Position) -> Position? {
    guard position.utf8 < text.utf8.count else { return nil }
    let end = utf8Position(of: text.index(after: index(position)))
    return Position(utf8: end, offset: position.offset + units(position.utf8..<end))
  }

  /// Whether every byte is ASCII; eight at a time, since pasted text can be long.
  static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var position = 0
    if let base = bytes.baseAddress {
      while position + 8 <= bytes.count {
        let eight = UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self)
        guard eight & 0x8080_8080_8080_8080 == 0 else { return false }
        position += 8
      }
    }
    return bytes[position...].allSatisfy { $0 < 0x80 }
  }

  /// The start of the scalar `offset` falls in (or the end).
  private func scalarStart(atOrBefore offset: Int) -> Position {
    var position = Position.start
    let found = text.utf8.withContiguousStorageIfAvailable { bytes in
      while position.utf8 < bytes.count, position.offset < offset {
        // Eight ASCII bytes at a time while they fit: a pasted text is mostly ASCII, and the scan
        // comes back to this after every other scalar rather than leaving it for good.
        if position.utf8 + 8 <= bytes.count, position.offset + 8 <= offset,
          let base = bytes.baseAddress,
          UnsafeRawPointer(base + position.utf8).loadUnaligned(as: UInt64.self)
            & 0x8080_8080_8080_8080 == 0
        {
          position = Position(utf8: position.utf8 + 8, offset: position.offset + 8)
          continue
        }
        let length = Self.sequenceLength(bytes[position.utf8])
        let width = encoding.width(ofUTF8Length: length)
        guard position.offset + width <= offset else { break }
        position = Position(utf8: position.utf8 + length, offset: position.offset + width)
      }
      return Position(utf8: min(position.utf8, bytes.count), offset: position.offset)
    }
    return found ?? .start
  }

  /// Code units of the encoding in a range of UTF-8 positions on scalar starts.
  private func units(_ range: Range<Int>) -> Int {
    guard encoding != .utf8, !range.isEmpty else { return range.count }
    var count = 0
    for byte in text.utf8.dropFirst(range.lowerBound).prefix(range.count) where byte & 0xC0 != 0x80
    {
      count += encoding.width(ofUTF8Length: Self.sequenceLength(byte))
    }
    return count
  }

  /// The cluster boundary at or before a scalar start.
  private func roundedDown(_ utf8: Int) -> Int {
    guard utf8 > 0, utf8 < text.utf8.count else { return max(0, min(utf8, text.utf8.count)) }
    let index = index(Position(utf8: utf8, offset: 0))
    // Two ASCII scalars always have a cluster boundary between them, except CR LF (UAX #29: no
    // ASCII scalar extends, joins or prepends, and CR is a control, so CR LF starts at the CR).
    // Typed text therefore needs no grapheme breaking here.
    let previous = text.utf8[text.utf8.index(before: index)]
    let next = text.utf8[index]
    if previous < 0x80 && next < 0x80 {
      return previous == UInt8(ascii: "\r") && next == UInt8(ascii: "\n") ? utf8 - 1 : utf8
    }
    return utf8Position(of: text.index(before: text.index(after: index)))
  }

  private func utf8Position(of index: String.Index) -> Int {
    text.utf8.distance(from: text.utf8.startIndex, to: index)
  }

  /// The length of the UTF-8 sequence a lead byte starts.
  private static func sequenceLength(_ lead: UInt8) -> Int {
    lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
  }
}

/// What a field's scan found at one end of a selection: where it is, and what stands before it
/// among the characters the kind keeps (a chip number's digits, a kept-text field's cells).
package struct SelectionStop: Equatable {
  /// The cluster boundary at or before the end, as an offset (inside a cluster rounds down).
  package var boundary: Int
  /// Where that boundary is in the text's UTF-8.
  var utf8: Int
  /// Kept units before the boundary; negative until the scan reaches it.
  package var unitsBefore = -1
  /// Whether the character just before the boundary was kept (rather than a separator or
  /// junk left out), which decides the caret's affinity when it is laid out again.
  package var followsUnit = false

  init(_ position: TextOffsets.Position) {
    boundary = position.offset
    utf8 = position.utf8
  }

  /// Records what stands before the stop the first time the scan reaches it.
  mutating func reach(unitsBefore: Int, followsUnit: Bool) {
    guard self.unitsBefore < 0 else { return }
    self.unitsBefore = unitsBefore
    self.followsUnit = followsUnit
  }
}

/// How a client counts offsets into field text: UTF-8 bytes, UTF-16 code units or Unicode scalars.
@_spi(Engine) public enum PositionEncoding: String, Sendable, CaseIterable {
  /// UTF-8 bytes, as Rust, Go and byte buffers count.
  case utf8 = "utf-8"
  /// UTF-16 code units, as UIKit, `NSString`, `NSRange` and JavaScript count.
  case utf16 = "utf-16"
  /// Unicode scalars, as Python counts.
  case utf32 = "utf-32"

  /// Code units a scalar takes, from the length of its UTF-8 sequence.
  func width(ofUTF8Length length: Int) -> Int {
    switch self {
    case .utf8: return length
    case .utf16: return length == 4 ? 2 : 1
    case .utf32: return 1
    }
  }

  /// Code units `text` takes in this encoding; the stdlib views count natively stored text fast.
  func length(of text: some StringProtocol) -> Int {
    switch self {
    case .utf8: return text.utf8.count
    case .utf16: return text.utf16.count
    case .utf32: return text.unicodeScalars.count
    }
  }
}
