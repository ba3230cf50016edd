/// The units a mask field keeps, stored inline. No grammar keeps more than `capacity` (15 chip
/// digits at most), and an array would cost an allocation and its release on every keystroke.
package struct MaskUnits: RandomAccessCollection, Equatable, Sendable {
  package static let capacity = 16

  /// Units 0 to 7 are the bytes of `low` from its least significant up, 8 to 15 those of `high`.
  /// Bytes past `count` stay zero, so `==` can compare the words, and appending is an OR.
  private var low: UInt64 = 0
  private var high: UInt64 = 0
  package private(set) var count = 0

  package init() {}

  package var startIndex: Int { 0 }
  package var endIndex: Int { count }

  package subscript(position: Int) -> UInt8 {
    let word = position < 8 ? low : high
    return UInt8(truncatingIfNeeded: word &>> (8 * (position & 7)))
  }

  /// Keeps `unit` after the others. A unit past the capacity is dropped: the grammars never
  /// keep that many (MaskUnitsTests checks their limits), and input must never trap.
  package mutating func append(_ unit: UInt8) {
    guard count < Self.capacity else { return }
    let shifted = UInt64(unit) &<< (8 * (count & 7))
    if count < 8 { low |= shifted } else { high |= shifted }
    count += 1
  }

  package mutating func append(contentsOf units: some Sequence<UInt8>) {
    for unit in units { append(unit) }
  }

  /// The first `count` units (all when there are fewer), by masking rather than copying.
  package func keepingFirst(_ count: Int) -> MaskUnits {
    guard count < self.count else { return self }
    var first = MaskUnits()
    let kept = Swift.max(0, count)
    // The bytes of one word that hold units below `kept`; `&>>` never traps on the shift.
    let mask = { (units: Int) in units <= 0 ? 0 : UInt64.max &>> (64 - 8 * Swift.min(units, 8)) }
    first.low = low & mask(kept)
    first.high = high & mask(kept - 8)
    first.count = kept
    return first
  }

  /// Removes the unit at `position`, a valid index, moving the ones after it down.
  package mutating func remove(at position: Int) {
    guard position >= 0, position < count else { return }
    var removed = keepingFirst(position)
    for index in (position + 1)..<count { removed.append(self[index]) }
    self = removed
  }

  /// The units as text (ASCII); stored inline by String too, since it is this short.
  package var text: String {
    String(unsafeUninitializedCapacity: count) { buffer in
      let written = Swift.min(count, buffer.count)
      for index in 0..<written { buffer[index] = self[index] }
      return written
    }
  }
}
