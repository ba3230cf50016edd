/// One pass over a kept-text field's text: its cells (`KeptCells`), and what stands before each
/// end of a selection.
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
    // A format character inside a cluster (a ZWJ after a digit, an Arabic number sign before
    // one) is left out as one alone is: the rest is read as the clusters it makes by itself.
    if scalars.count > 1, scalars.contains(where: FormatCharacters.contains) {
      let rest = String(String.UnicodeScalarView(scalars.filter { !FormatCharacters.contains($0) }))
      for character in rest { take(character, grammar) }
      return
    }
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

/// The characters a kept-text field holds, one cell per grapheme cluster: everything the person
/// typed but the whitespace and punctuation the kind drops, digits of every script as ASCII. A
/// typist's cells are single ASCII bytes, so they are kept as bytes and a cell's bounds are
/// only recorded once a longer one (an emoji, a letter with its accent) arrives.
package struct KeptCells: Equatable {
  /// The cells' UTF-8, one after another.
  private(set) var utf8: [UInt8] = []
  /// Where each cell ends in `utf8`, once some cell is longer than a byte; empty while every
  /// cell is one byte.
  private var ends: [Int] = []

  init() {}

  init(reservingCapacity capacity: Int) {
    utf8.reserveCapacity(capacity)
  }

  /// The cells of a whole text (a paste, a value), without a selection to follow: typing's
  /// reading of it, as `KeptScan` makes it.
  init(reading text: String, grammar: KeptGrammar) {
    // One key typed: one byte, and a small string keeps its bytes inline.
    if text.utf8.count == 1, let byte = text.utf8.first, byte < 0x80 {
      var digits = DecimalDigitReader()
      let scalar = Unicode.Scalar(byte)
      if !grammar.drops(scalar) { utf8 = [grammar.ascii(for: scalar, digits: &digits) ?? byte] }
      return
    }
    var isASCII = true
    for byte in text.utf8 where byte >= 0x80 {
      isASCII = false
      break
    }
    guard isASCII else {
      self = KeptScan(text, selection: .caret(0), grammar: grammar, encoding: .utf8).cells
      return
    }
    var digits = DecimalDigitReader()
    utf8.reserveCapacity(text.utf8.count)
    for byte in text.utf8 {
      let scalar = Unicode.Scalar(byte)
      if !grammar.drops(scalar) { utf8.append(grammar.ascii(for: scalar, digits: &digits) ?? byte) }
    }
  }

  var count: Int { ends.isEmpty ? utf8.count : ends.count }
  /// Whether every cell is one byte (ASCII): what a typist's field holds.
  var isBytes: Bool { ends.isEmpty }
  var isEmpty: Bool { utf8.isEmpty }

  /// The bytes of cell `index`, a valid index.
  func cell(_ index: Int) -> ArraySlice<UInt8> {
    guard !ends.isEmpty else { return utf8[index..<(index + 1)] }
    return utf8[(index == 0 ? 0 : ends[index - 1])..<ends[index]]
  }

  /// The ASCII byte cell `index` is, or nil for a longer cell or no cell.
  func byte(_ index: Int) -> UInt8? {
    guard index >= 0, index < count else { return nil }
    guard !ends.isEmpty else { return utf8[index] }
    let bytes = cell(index)
    return bytes.count == 1 ? bytes.first : nil
  }

  mutating func append(_ byte: UInt8) {
    utf8.append(byte)
    if !ends.isEmpty { ends.append(utf8.count) }
  }

  /// Appends one cell of any length.
  mutating func append(cell bytes: some Collection<UInt8>) {
    guard bytes.count != 1 || !ends.isEmpty else { return utf8.append(contentsOf: bytes) }
    if ends.isEmpty { ends = Array(1..<(utf8.count + 1)) }
    utf8.append(contentsOf: bytes)
    ends.append(utf8.count)
  }

  mutating func append(contentsOf other: KeptCells, from start: Int = 0, to end: Int? = nil) {
    let end = min(end ?? other.count, other.count)
    guard start < end else { return }
    // Bytes onto bytes: one copy, no cell by cell.
    if ends.isEmpty, other.ends.isEmpty { return utf8.append(contentsOf: other.utf8[start..<end]) }
    for index in start..<end {
      if let byte = other.byte(index) { append(byte) } else { append(cell: other.cell(index)) }
    }
  }

  /// Replaces the cells in `range` with `inserted`, in place when both are bytes (a keystroke:
  /// no new storage while the old has room).
  mutating func replaceSubrange(_ range: Range<Int>, with inserted: KeptCells) {
    let range = min(max(0, range.lowerBound), count)..<min(max(0, range.upperBound), count)
    guard !ends.isEmpty || !inserted.ends.isEmpty else {
      return utf8.replaceSubrange(range, with: inserted.utf8)
    }
    var result = KeptCells(reservingCapacity: utf8.count + inserted.utf8.count)
    result.append(contentsOf: self, to: range.lowerBound)
    result.append(contentsOf: inserted)
    result.append(contentsOf: self, from: range.upperBound)
    self = result
  }

  /// The cells without those at `indices` (ascending).
  func removing(_ indices: some Sequence<Int>) -> KeptCells {
    var result = KeptCells()
    var next = 0
    for index in indices where index >= next && index < count {
      result.append(contentsOf: self, from: next, to: index)
      next = index + 1
    }
    result.append(contentsOf: self, from: next)
    return result
  }

  /// The cells regrouped as the grapheme clusters of their text, when some cell is longer than a
  /// byte: cells that were apart can make one cluster once joined (a flag's two halves with a space
  /// left out between them, a letter and an accent typed after it), and a caret must never land
  /// inside one. Each of `marks` (a count of cells) becomes the count of clusters wholly before it.
  func regrouped(marks: inout [Int]) -> KeptCells {
    guard !ends.isEmpty else { return self }
    var regrouped = KeptCells()
    regrouped.utf8 = utf8
    var end = 0
    for character in text {
      end += character.utf8.count
      regrouped.ends.append(end)
    }
    guard regrouped.ends != ends else { return self }
    for index in marks.indices {
      let mark = min(max(0, marks[index]), count)
      let position = mark == 0 ? 0 : ends[mark - 1]
      marks[index] = regrouped.ends.count { $0 <= position }
    }
    return regrouped
  }

  /// Code units cell `index` takes in `encoding`.
  func length(of index: Int, in encoding: PositionEncoding) -> Int {
    guard !ends.isEmpty else { return 1 }
    var units = 0
    for byte in cell(index) where byte & 0xC0 != 0x80 {
      units += encoding.width(ofUTF8Length: byte < 0x80 ? 1 : byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4)
    }
    return units
  }

  var text: String { String(decoding: utf8, as: UTF8.self) }
}
