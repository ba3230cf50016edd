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

  init(_ text: String, rules: MaskRules, encoding: PositionEncoding, queries: [Int]) {
    var units: [UInt8] = []
    var truncated = false
    var unitsBefore = Array(repeating: -1, count: queries.count)
    var boundaries = Array(repeating: 0, count: queries.count)
    var pending = queries.count
    var reached = 0
    var sanitizer = MaskSanitizer(rules.grammar)
    var digits = DecimalDigitReader()
    TextOffsets(text, encoding: encoding).forEachCluster { cluster, start, end in
      if pending > 0 {
        for query in queries.indices where unitsBefore[query] < 0 && queries[query] < end {
          unitsBefore[query] = units.count
          boundaries[query] = start
          pending -= 1
        }
      }
      for scalar in text.unicodeScalars[cluster] {
        guard let unit = rules.unit(for: scalar, digits: &digits) else { continue }
        switch sanitizer.offer(unit) {
        case .keep: units.append(unit)
        case .ignore: break
        case .overflow: truncated = true
        }
      }
      reached = end
      // Once full and known to be cut, the rest cannot change the units or any count.
      return !(truncated && sanitizer.isSaturated)
    }
    for query in queries.indices where unitsBefore[query] < 0 {
      unitsBefore[query] = units.count
      boundaries[query] = reached
    }
    self.units = units
    self.truncated = truncated
    self.unitsBefore = unitsBefore
    self.boundaries = boundaries
  }
}
