/// Kept cells laid out as the display: the cells in order with the separators the kind draws
/// among them, and where each cell sits, so a caret can be placed right after the n-th cell
/// (upstream) or right before the next one, past a drawn separator (downstream).
struct KeptLayout {
  let cells: KeptCells
  let drawn: DrawnSeparators
  let text: String
  private let encoding: PositionEncoding

  init(_ cells: KeptCells, grammar: KeptGrammar, encoding: PositionEncoding) {
    self.cells = cells
    self.encoding = encoding
    drawn = grammar.drawn(in: cells)
    guard drawn.before != 0 else {
      text = cells.text
      return
    }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(cells.utf8.count + drawn.before.nonzeroBitCount)
    for index in 0..<cells.count {
      if drawn.isDrawn(before: index) { bytes.append(drawn.byte) }
      bytes.append(contentsOf: cells.cell(index))
    }
    text = String(decoding: bytes, as: UTF8.self)
  }

  /// Right after cell `count - 1` (before any separator drawn after it), or right before cell
  /// `count` (after any drawn before it) when `downstream`; the end past the last cell.
  func offset(afterCells count: Int, downstream: Bool = false) -> Int {
    let count = min(max(0, count), cells.count)
    let separators = drawn.count(upTo: count, including: downstream && count < cells.count)
    guard cells.utf8.count != cells.count else { return count + separators }
    var units = 0
    for index in 0..<count { units += cells.length(of: index, in: encoding) }
    return units + separators
  }

  /// A selection from cell counts: a caret upstream; a range keeps its ends inside the cells it
  /// covers, and one that covers no cell collapses upstream.
  func selection(from lower: Int, to upper: Int) -> FieldSelection {
    guard lower < upper else { return .caret(offset(afterCells: lower)) }
    return FieldSelection(
      start: offset(afterCells: lower, downstream: true), end: offset(afterCells: upper))
  }
}
