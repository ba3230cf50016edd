/// One pass over a mask field's text: the units the kind keeps, whether any were cut, and how many
/// kept units precede each queried offset.
struct MaskScan {
  private(set) var units: [UInt8] = []
  /// A significant unit was dropped because a limit was full.
  private(set) var truncated = false
  /// Per queried offset: kept units before the cluster boundary at or before it.
  private(set) var unitsBefore: [Int]
  /// Per queried offset: that boundary's offset (an offset inside a cluster rounds down).
  private(set) var boundaries: [Int]
  /// Per queried offset: whether the character just before it is a kept unit (rather than a
  /// separator or junk), which decides the caret's affinity when it is formatted.
  private(set) var followsUnit: [Bool]

  init(_ text: String, rules: MaskRules, encoding: PositionEncoding, queries: [Int]) {
    let offsets = TextOffsets(text, encoding: encoding)
    let positions = offsets.boundaries(atOrBefore: queries)
    // Every scalar before a boundary belongs to a cluster before it, so counting kept units
    // scalar by scalar up to each boundary's UTF-8 position gives the units before it.
    let stops = positions.map(\.utf8)
    var units: [UInt8] = []
    var unitsBefore = Array(repeating: -1, count: queries.count)
    var followsUnit = Array(repeating: false, count: queries.count)
    // Whether the last base character (not a combining mark or joiner) became a unit.
    var lastBaseKept = false
    var truncated = false
    var sanitizer = MaskSanitizer(rules.grammar)
    var digits = DecimalDigitReader()
    var nextStop = stops.min() ?? Int.max
    TextOffsets.forEachScalar(in: offsets.text) { scalar, position in
      if position >= nextStop {
        for stop in stops.indices where unitsBefore[stop] < 0 && stops[stop] <= position {
          unitsBefore[stop] = units.count
          followsUnit[stop] = lastBaseKept
        }
        nextStop = stops.indices.lazy.filter { unitsBefore[$0] < 0 }.map { stops[$0] }.min() ?? .max
      }
      var kept = false
      if let unit = rules.unit(for: scalar, digits: &digits) {
        switch sanitizer.offer(unit) {
        case .keep:
          units.append(unit)
          kept = true
        case .ignore: break
        case .overflow: truncated = true
        }
      }
      // Nothing below U+0300 extends a cluster, so the Unicode property lookup (costly,
      // and on every keystroke) is only needed past it.
      if scalar.value < 0x300 || !(scalar.properties.isGraphemeExtend || scalar == "\u{200D}") {
        lastBaseKept = kept
      }
      // Once full and known to be cut, the rest cannot change the units or any count.
      return !(truncated && sanitizer.isSaturated)
    }
    for stop in stops.indices where unitsBefore[stop] < 0 { followsUnit[stop] = lastBaseKept }
    self.followsUnit = followsUnit
    self.unitsBefore = unitsBefore.map { $0 < 0 ? units.count : $0 }
    self.units = units
    self.truncated = truncated
    self.boundaries = positions.map(\.offset)
  }
}
