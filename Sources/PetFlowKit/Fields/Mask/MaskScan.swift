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

  package private(set) var units = MaskUnits()
  /// A significant unit was left out because a limit was full.
  package private(set) var truncated = false
  /// A character other than the kind's separators was left out (junk, or a unit out of place).
  package private(set) var dropped = false
  package private(set) var start = Stop(.start)
  package private(set) var end = Stop(.start)
  private var sanitizer: MaskSanitizer
  private var digits = DecimalDigitReader()
  /// Whether the last base character (not a combining mark or joiner) became a unit.
  private var lastBaseKept = false

  /// `asciiPath: false` takes the general path whatever the text, for MaskScanTests to compare.
  package init(
    _ text: String, selection: FieldSelection, rules: MaskRules, encoding: PositionEncoding,
    asciiPath: Bool = true
  ) {
    sanitizer = MaskSanitizer(rules.grammar)
    let selection = selection.ordered
    var text = text
    text.makeContiguousUTF8()
    let scannedASCII =
      asciiPath
      && text.utf8.withContiguousStorageIfAvailable { scanASCII($0, selection, rules) }
        ?? false
    if !scannedASCII {
      let positions = TextOffsets(text, encoding: encoding).boundaries(of: selection)
      start = Stop(positions.start)
      end = Stop(positions.end)
      // Every scalar before a boundary belongs to a cluster before it, so counting kept units
      // scalar by scalar up to each boundary's UTF-8 position gives the units before it.
      var position = 0
      for scalar in text.unicodeScalars {
        // No scalar below U+0300 extends a cluster (MaskScanTests checks), so typed text skips
        // the property lookup, which costs more than the rest of the step.
        let isBase =
          scalar.value < 0x300 || (!scalar.properties.isGraphemeExtend && scalar != "\u{200D}")
        guard take(scalar, at: position, isBase: isBase, rules) else { break }
        position += UTF8.width(scalar)
      }
    }
    // Stops past the last scalar read stand after everything kept.
    start.reach(unitsBefore: units.count, followsUnit: lastBaseKept)
    end.reach(unitsBefore: units.count, followsUnit: lastBaseKept)
  }

  /// Counts an all-ASCII text and returns true; returns false, having changed nothing, for any
  /// other. In ASCII every byte is one scalar and one code unit of every encoding, and the ends
  /// need no scan (`TextOffsets.asciiBoundary`), so nothing needs decoding or grapheme breaking:
  /// this is what a typist's keystroke costs.
  private mutating func scanASCII(
    _ bytes: UnsafeBufferPointer<UInt8>, _ selection: FieldSelection, _ rules: MaskRules
  ) -> Bool {
    guard TextOffsets.isASCII(bytes) else { return false }
    start = Stop(TextOffsets.asciiBoundary(selection.start, in: bytes))
    end = Stop(TextOffsets.asciiBoundary(selection.end, in: bytes, roundingUp: !selection.isEmpty))
    for (position, byte) in bytes.enumerated() {
      guard take(Unicode.Scalar(byte), at: position, isBase: true, rules) else { break }
    }
    return true
  }

  /// One scalar at a UTF-8 position: reaches the stops before it, keeps its unit. False once the
  /// scan can stop: full and known to be cut, the rest cannot change the units or any count.
  @inline(__always)
  private mutating func take(
    _ scalar: Unicode.Scalar, at position: Int, isBase: Bool, _ rules: MaskRules
  ) -> Bool {
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
}
