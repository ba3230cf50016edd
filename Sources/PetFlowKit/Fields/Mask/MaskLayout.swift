/// Mask units laid out as display text, with where each unit sits, so a caret can be placed right
/// after the n-th unit (upstream) or right before the next one (downstream).
///
/// The display is ASCII, so its offsets are the same in every position encoding and every offset
/// is a grapheme-cluster boundary.
struct MaskLayout {
  let text: String
  private let unitStarts: [Int]
  private let length: Int

  init(units: [UInt8], rules: MaskRules) {
    var bytes: [UInt8] = []
    var starts: [Int] = []
    bytes.reserveCapacity(units.count + rules.hyphensBefore.count)
    for (position, unit) in units.enumerated() {
      if rules.hyphensBefore.contains(position) { bytes.append(UInt8(ascii: "-")) }
      starts.append(bytes.count)
      bytes.append(unit)
    }
    text = String(decoding: bytes, as: UTF8.self)
    unitStarts = starts
    length = bytes.count
  }

  /// Right after unit `count` (before any separator that follows it); the start for zero.
  func upstream(_ count: Int) -> Int {
    guard count > 0, let last = unitStarts.last else { return 0 }
    return count < unitStarts.count ? unitStarts[count - 1] + 1 : last + 1
  }

  /// Right before unit `count + 1` (after any separator before it); the end when there is none.
  func downstream(_ count: Int) -> Int {
    let position = max(0, count)
    return position < unitStarts.count ? unitStarts[position] : length
  }

  /// A selection from unit counts: a caret goes upstream; a range keeps its ends inside the units
  /// it covers, and one that covers no unit collapses upstream.
  func selection(from lower: Int, to upper: Int) -> FieldSelection {
    guard lower < upper else { return .caret(upstream(lower)) }
    return FieldSelection(start: downstream(lower), end: upstream(upper))
  }
}
