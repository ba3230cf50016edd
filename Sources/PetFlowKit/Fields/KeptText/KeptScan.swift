/// One pass over a kept-text field's text: its cells (what the kind keeps, each character as
/// typed but for the whitespace and punctuation it drops, digits of any script as ASCII), and
/// what stands before each end of a selection.
package struct KeptScan {
  package typealias Stop = SelectionStop

  package private(set) var cells = KeptCells()
  package private(set) var start = Stop(.start)
  package private(set) var end = Stop(.start)
  private var digits = DecimalDigitReader()
  private var lastKept = false

  /// `asciiPath: false` takes the general path whatever the text, for MaskScanTests to compare.
  package init(
    _ text: String, selection: FieldSelection, grammar: KeptGrammar, encoding: PositionEncoding,
    asciiPath: Bool = true
  ) {
    let selection = selection.ordered
    var text = text
    text.makeContiguousUTF8()
    let scannedASCII =
      asciiPath
      && text.utf8.withContiguousStorageIfAvailable { scanASCII($0, selection, grammar) } ?? false
    if !scannedASCII {
      let positions = TextOffsets(text, encoding: encoding).boundaries(of: selection)
      start = Stop(positions.start)
      end = Stop(positions.end)
      var position = 0
      for character in text {
        reach(position)
        take(character, grammar)
        position += character.utf8.count
      }
    }
    // Stops past the last character stand after every cell.
    reach(Int.max)
    if !cells.isBytes {
      var marks = [start.unitsBefore, end.unitsBefore]
      cells = cells.regrouped(marks: &marks)
      (start.unitsBefore, end.unitsBefore) = (marks[0], marks[1])
    }
  }

  /// The cells, moved out: the scan keeps none, so the caller holds the only reference.
  mutating func takeCells() -> KeptCells {
    defer { cells = KeptCells() }
    return cells
  }

  /// Scans an all-ASCII text and returns true; returns false, having changed nothing, for any
  /// other. In ASCII every byte is a scalar, a code unit of every encoding and (CR LF aside,
  /// which is whitespace and dropped) a cluster: this is what a typist's keystroke costs.
  private mutating func scanASCII(
    _ bytes: UnsafeBufferPointer<UInt8>, _ selection: FieldSelection, _ grammar: KeptGrammar
  ) -> Bool {
    guard TextOffsets.isASCII(bytes) else { return false }
    start = Stop(TextOffsets.asciiBoundary(selection.start, in: bytes))
    end = Stop(TextOffsets.asciiBoundary(selection.end, in: bytes, roundingUp: !selection.isEmpty))
    // Room for what a keystroke adds, so that it is made in place.
    cells = KeptCells(reservingCapacity: bytes.count + 16)
    for (position, byte) in bytes.enumerated() {
      reach(position)
      let scalar = Unicode.Scalar(byte)
      lastKept = !grammar.drops(scalar)
      if lastKept { cells.append(grammar.ascii(for: scalar, digits: &digits) ?? byte) }
    }
    return true
  }

  private mutating func reach(_ position: Int) {
    if position >= start.utf8 { start.reach(unitsBefore: cells.count, followsUnit: lastKept) }
    if position >= end.utf8 { end.reach(unitsBefore: cells.count, followsUnit: lastKept) }
  }

  /// One grapheme cluster: dropped, kept as the ASCII it stands for, or kept as typed.
  private mutating func take(_ character: Character, _ grammar: KeptGrammar) {
    let scalars = character.unicodeScalars
    lastKept = !scalars.allSatisfy(grammar.drops)
    guard lastKept else { return }
    if scalars.count == 1, let scalar = scalars.first,
      let ascii = grammar.ascii(for: scalar, digits: &digits)
    {
      cells.append(ascii)
    } else if scalars.count == 1, let scalar = scalars.first, scalar.isASCII {
      cells.append(UInt8(truncatingIfNeeded: scalar.value))
    } else {
      cells.append(cell: character.utf8)
    }
  }
}
