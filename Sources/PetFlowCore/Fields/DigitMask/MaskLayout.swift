/// A digit mask's units laid out as display text, with where each unit sits, so a caret can be
/// placed right after the n-th unit (upstream) or right before the next one (downstream). The
/// display is ASCII, so its offsets are the same in every position encoding and every offset is a
/// grapheme-cluster boundary.
struct MaskLayout {
  let text: String
  private let unitCount: Int
  private let mask: DigitMask

  init(units: MaskUnits, mask: DigitMask) {
    let length = units.count + mask.hyphens(upTo: units.count - 1)
    // Written straight into the string: no byte array per keystroke, and a short display (up to
    // 15 bytes) is stored inline without any allocation.
    text = String(unsafeUninitializedCapacity: length) { buffer in
      var written = 0
      for position in units.indices where written < buffer.count {
        if mask.hasHyphen(before: position) {
          buffer[written] = UInt8(ascii: "-")
          written += 1
        }
        guard written < buffer.count else { break }
        buffer[written] = units[position]
        written += 1
      }
      return written
    }
    unitCount = units.count
    self.mask = mask
  }

  /// Where unit `index` (below the unit count) sits: after it, one hyphen per hyphen up to it.
  private func start(ofUnit index: Int) -> Int {
    index + mask.hyphens(upTo: index)
  }

  /// Right after unit `count` (before any separator that follows it); the start for zero.
  func upstream(_ count: Int) -> Int {
    guard count > 0, unitCount > 0 else { return 0 }
    return start(ofUnit: min(count, unitCount) - 1) + 1
  }

  /// Right before unit `count + 1` (after any separator before it); the end when there is none.
  func downstream(_ count: Int) -> Int {
    let position = max(0, count)
    return position < unitCount ? start(ofUnit: position) : text.utf8.count
  }

  /// A selection from unit counts: a caret goes upstream; a range keeps its ends inside the units
  /// it covers, and one that covers no unit collapses upstream.
  func selection(from lower: Int, to upper: Int) -> FieldSelection {
    guard lower < upper else { return .caret(upstream(lower)) }
    return FieldSelection(start: downstream(lower), end: upstream(upper))
  }
}
