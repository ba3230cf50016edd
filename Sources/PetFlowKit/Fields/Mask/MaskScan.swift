/// One pass over a mask field's text: the units the kind keeps, whether any were cut or dropped,
/// and what stands before each end of a selection.
package struct MaskScan {
  /// What the scan found at one end of the selection.
  package struct Stop: Equatable {
    /// The cluster boundary at or before the end, as an offset (inside a cluster rounds down).
    package var boundary: Int
    /// Where that boundary is in the text's UTF-8.
    fileprivate var utf8: Int
    /// Kept units before the boundary; negative until the scan reaches it.
    package var unitsBefore = -1
    /// Whether the character just before the boundary is a kept unit (rather than a separator
    /// or junk), which decides the caret's affinity when it is formatted.
    package var followsUnit = false

    fileprivate init(_ position: TextOffsets.Position) {
      boundary = position.offset
      utf8 = position.utf8
    }

    /// Records what stands before the stop the first time the scan reaches it.
    fileprivate mutating func reach(unitsBefore: Int, followsUnit: Bool) {
      guard self.unitsBefore < 0 else { return }
      self.unitsBefore = unitsBefore
      self.followsUnit = followsUnit
    }
  }

  package let units: MaskUnits
  /// A significant unit was left out because a limit was full.
  package let truncated: Bool
  /// A character other than the kind's separators was left out (junk, or a unit out of place).
  package let dropped: Bool
  package let start: Stop
  package let end: Stop

  package init(
    _ text: String, selection: FieldSelection, rules: MaskRules, encoding: PositionEncoding
  ) {
    self.init(text, selection: selection, rules: rules, encoding: encoding, allowsASCII: true)
  }

  /// The scan without the ASCII path, which MaskScanTests compares it with.
  package init(
    generalPathOf text: String, selection: FieldSelection, rules: MaskRules,
    encoding: PositionEncoding
  ) {
    self.init(text, selection: selection, rules: rules, encoding: encoding, allowsASCII: false)
  }

  private init(
    _ text: String, selection: FieldSelection, rules: MaskRules, encoding: PositionEncoding,
    allowsASCII: Bool
  ) {
    let selection = selection.ordered
    var text = text
    text.makeContiguousUTF8()
    var tally = Tally(rules: rules)
    let scannedASCII =
      allowsASCII
      && text.utf8.withContiguousStorageIfAvailable { tally.scanASCII($0, selection: selection) }
        ?? false
    if !scannedASCII {
      let offsets = TextOffsets(text, encoding: encoding)
      let positions = offsets.boundaries(of: selection)
      tally.start = Stop(positions.start)
      tally.end = Stop(positions.end)
      // Every scalar before a boundary belongs to a cluster before it, so counting kept units
      // scalar by scalar up to each boundary's UTF-8 position gives the units before it.
      TextOffsets.forEachScalar(in: offsets.text) { scalar, position in
        // No scalar below U+0300 extends a cluster (MaskScanTests checks), so typed text skips
        // the property lookup, which costs more than the rest of the step.
        let isBase =
          scalar.value < 0x300 || (!scalar.properties.isGraphemeExtend && scalar != "\u{200D}")
        return tally.take(scalar, at: position, isBase: isBase)
      }
    }
    tally.finish()
    units = tally.units
    truncated = tally.truncated
    dropped = tally.dropped
    start = tally.start
    end = tally.end
  }
}

/// The running count of a scan, fed one scalar at a time.
private struct Tally {
  var units = MaskUnits()
  var truncated = false
  var dropped = false
  var start: MaskScan.Stop
  var end: MaskScan.Stop
  private let rules: MaskRules
  private var sanitizer: MaskSanitizer
  private var digits = DecimalDigitReader()
  /// Whether the last base character (not a combining mark or joiner) became a unit.
  private var lastBaseKept = false

  init(rules: MaskRules) {
    start = MaskScan.Stop(.start)
    end = MaskScan.Stop(.start)
    self.rules = rules
    sanitizer = MaskSanitizer(rules.grammar)
  }

  /// Counts an all-ASCII text and returns true; returns false, having changed nothing, for any
  /// other. In ASCII every byte is one scalar and one code unit of every encoding, and the ends
  /// need no scan (`TextOffsets.asciiBoundary`), so nothing needs decoding or grapheme breaking:
  /// this is what a typist's keystroke costs.
  mutating func scanASCII(_ bytes: UnsafeBufferPointer<UInt8>, selection: FieldSelection) -> Bool {
    guard TextOffsets.isASCII(bytes) else { return false }
    start = MaskScan.Stop(TextOffsets.asciiBoundary(selection.start, in: bytes))
    end = MaskScan.Stop(
      TextOffsets.asciiBoundary(selection.end, in: bytes, roundingUp: !selection.isEmpty))
    for (position, byte) in bytes.enumerated() {
      guard take(Unicode.Scalar(byte), at: position, isBase: true) else { break }
    }
    return true
  }

  /// One scalar at a UTF-8 position: reaches the stops before it, keeps its unit. False once the
  /// scan can stop: full and known to be cut, the rest cannot change the units or any count.
  @inline(__always)
  mutating func take(_ scalar: Unicode.Scalar, at position: Int, isBase: Bool) -> Bool {
    if position >= start.utf8 { start.reach(unitsBefore: units.count, followsUnit: lastBaseKept) }
    if position >= end.utf8 { end.reach(unitsBefore: units.count, followsUnit: lastBaseKept) }
    var kept = false
    if let unit = rules.unit(for: scalar, digits: &digits) {
      switch sanitizer.offer(unit) {
      case .keep:
        units.append(unit)
        kept = true
      case .ignore: dropped = true
      case .overflow: truncated = true
      }
    } else if !rules.isSeparator(scalar) {
      dropped = true
    }
    if isBase { lastBaseKept = kept }
    return !(truncated && sanitizer.isSaturated)
  }

  /// Stops past the last scalar read stand after everything kept.
  mutating func finish() {
    start.reach(unitsBefore: units.count, followsUnit: lastBaseKept)
    end.reach(unitsBefore: units.count, followsUnit: lastBaseKept)
  }
}
