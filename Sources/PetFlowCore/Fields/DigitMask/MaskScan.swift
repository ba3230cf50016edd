/// One pass over a digit mask field's text: the digits it keeps, whether any were truncated or
/// dropped, and what stands before each end of a selection.
package struct MaskScan {
  package typealias Stop = SelectionStop

  package private(set) var units = MaskUnits()
  /// A significant unit was left out because a limit was full.
  package private(set) var truncated = false
  /// A character other than a digit or a separator was left out.
  package private(set) var dropped = false
  package private(set) var start = Stop(.start)
  package private(set) var end = Stop(.start)
  private let limit: Int
  private var digits = DecimalDigitReader()
  /// Whether the last base character (not a combining mark or joiner) became a unit.
  private var lastBaseKept = false

  /// `asciiPath: false` takes the general path whatever the text, for MaskScanTests to compare.
  package init(
    _ text: String, selection: FieldSelection, mask: DigitMask, encoding: PositionEncoding,
    asciiPath: Bool = true
  ) {
    limit = mask.digitLimit
    let selection = selection.ordered
    var text = text
    text.makeContiguousUTF8()
    let scannedASCII =
      asciiPath
      && text.utf8.withContiguousStorageIfAvailable { scanASCII($0, selection, mask) }
        ?? false
    if !scannedASCII {
      let positions = TextOffsets(text, encoding: encoding).boundaries(of: selection)
      start = Stop(positions.start)
      end = Stop(positions.end)
      // Every scalar before a boundary belongs to a cluster before it, so counting kept units
      // scalar by scalar up to each boundary's UTF-8 position gives the units before it.
      var position = 0
      for scalar in text.unicodeScalars {
        // No scalar below U+0300 extends a cluster (MaskScanTests checks), so most text skips
        // the property lookup. Measured at cc95b06 on a field/format of 100,000 `é`: 613
        // instructions a scalar with this, 935 without.
        let isBase =
          scalar.value < 0x300 || (!scalar.properties.isGraphemeExtend && scalar != "\u{200D}")
        guard take(scalar, at: position, isBase: isBase, mask) else { break }
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
    _ bytes: UnsafeBufferPointer<UInt8>, _ selection: FieldSelection, _ mask: DigitMask
  ) -> Bool {
    guard TextOffsets.isASCII(bytes) else { return false }
    start = Stop(TextOffsets.asciiBoundary(selection.start, in: bytes))
    end = Stop(TextOffsets.asciiBoundary(selection.end, in: bytes, roundingUp: !selection.isEmpty))
    for (position, byte) in bytes.enumerated() {
      guard take(Unicode.Scalar(byte), at: position, isBase: true, mask) else { break }
    }
    return true
  }

  /// One scalar at a UTF-8 position: reaches the stops before it, keeps its digit. False once the
  /// scan can stop: full and known to be truncated, the rest cannot change the units or any count.
  @inline(__always)
  private mutating func take(
    _ scalar: Unicode.Scalar, at position: Int, isBase: Bool, _ mask: DigitMask
  ) -> Bool {
    if position >= start.utf8 { start.reach(unitsBefore: units.count, followsUnit: lastBaseKept) }
    if position >= end.utf8 { end.reach(unitsBefore: units.count, followsUnit: lastBaseKept) }
    var kept = false
    if let digit = mask.digit(for: scalar, digits: &digits) {
      if units.count < limit {
        units.append(digit)
        kept = true
      } else {
        truncated = true
      }
    } else if !mask.isSeparator(scalar) {
      dropped = true
    }
    if isBase { lastBaseKept = kept }
    return !truncated
  }
}
