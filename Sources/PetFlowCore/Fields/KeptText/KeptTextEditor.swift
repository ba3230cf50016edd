/// The caret model of the kept-text kinds (phone, latitude, longitude, age, date): text and
/// selection become cells and cell counts, an edit acts on cells, and the layout draws the
/// kind's separators again. Nothing typed is left out but what cannot change the value, so
/// typing a text key by key, pasting it and formatting it end with the same cells.
enum KeptTextEditor {
  struct Outcome {
    var layout: KeptLayout
    var selection: FieldSelection
    var rejected = false
  }

  /// Formats post-edit text: each end of the selection stays after the cells it followed; one
  /// that followed a dropped character stays before the next cell (downstream), so formatting
  /// an answer again never moves its caret.
  static func format(
    _ text: String, selection: FieldSelection, grammar: KeptGrammar, encoding: PositionEncoding
  ) -> Outcome {
    let ordered = selection.ordered
    let scan = KeptScan(text, selection: ordered, grammar: grammar, encoding: encoding)
    let layout = KeptLayout(scan.cells, grammar: grammar, encoding: encoding)
    let start = place(scan.start, in: layout)
    let end = ordered.isEmpty ? start : max(start, place(scan.end, in: layout))
    return Outcome(layout: layout, selection: FieldSelection(start: start, end: end))
  }

  /// The layout of a whole text, without a selection.
  static func layout(_ text: String, grammar: KeptGrammar) -> KeptLayout {
    KeptLayout(KeptCells(reading: text, grammar: grammar), grammar: grammar, encoding: .utf8)
  }

  private static func place(_ stop: KeptScan.Stop, in layout: KeptLayout) -> Int {
    layout.offset(
      afterCells: stop.unitsBefore, downstream: !stop.followsUnit && stop.unitsBefore > 0)
  }

  static func edit(
    _ text: String, selection: FieldSelection, edit: FieldEdit, grammar: KeptGrammar,
    encoding: PositionEncoding
  ) -> Outcome {
    var range = selection.ordered
    if case .replace(let start, let end, _) = edit {
      range = FieldSelection(start: start, end: end).ordered
    }
    var scan = KeptScan(text, selection: range, grammar: grammar, encoding: encoding)
    let lower = scan.start.unitsBefore
    let upper = scan.end.unitsBefore
    let startFollowsCell = scan.start.followsUnit
    // The cells move out of the scan, so that a keystroke edits them in place.
    var cells = scan.takeCells()
    let separator = grammar.separator
    func unchanged(rejected: Bool) -> Outcome {
      Self.unchanged(
        text, selection: selection, grammar: grammar, encoding: encoding, rejected: rejected)
    }
    func isUnit(_ index: Int) -> Bool { separator == nil || cells.byte(index) != separator }
    /// Whether a unit (not a separator) stands at `index` or after it.
    func hasUnit(from index: Int) -> Bool { (max(0, index)..<cells.count).contains(where: isUnit) }
    func outcome(_ changed: KeptCells, caret: Int, downstream: Bool = false) -> Outcome {
      laidOut(changed, caret: caret, downstream: downstream, grammar: grammar, encoding: encoding)
    }

    switch edit {
    case .insert(let typed) where !typed.isEmpty, .replace(_, _, let typed) where !typed.isEmpty:
      var inserted = KeptCells(reading: typed, grammar: grammar)
      // Only what cannot change the value was typed (a space, a phone's bracket): no change.
      guard !inserted.isEmpty else { return unchanged(rejected: true) }
      let insertedCount = inserted.count
      guard let separator else {
        cells.replaceSubrange(lower..<upper, with: inserted)
        return outcome(cells, caret: lower + insertedCount)
      }
      // A separator typed where the kind already has one steps over it.
      if lower == upper, insertedCount == 1, inserted.byte(0) == separator,
        cells.byte(lower) == separator
      {
        return outcome(cells, caret: lower + 1)
      }
      let typedSeparator = (0..<insertedCount).contains { inserted.byte($0) == separator }
      // Separators in the range stay while units follow them: a date's groups keep their place.
      if hasUnit(from: upper) {
        for index in lower..<upper where cells.byte(index) == separator {
          inserted.append(separator)
        }
      }
      let old = cells
      cells.replaceSubrange(lower..<upper, with: inserted)
      // Typed digits that would push the digits after them into the next group are refused;
      // a typed separator is kept, and judged.
      guard
        typedSeparator
          || grammar.keepsGroups(
            from: old, to: cells, tail: upper, shift: inserted.count - (upper - lower))
      else { return unchanged(rejected: true) }
      return outcome(cells, caret: lower + insertedCount)
    case .deleteBackward where range.isEmpty:
      // A separator with nothing after it goes by itself; otherwise the unit before the caret,
      // past any separator, as Backspace after a chip number's hyphen deletes the digit before it.
      if lower > 0, !isUnit(lower - 1), !hasUnit(from: lower) {
        return outcome(cells.removing([lower - 1]), caret: lower - 1)
      }
      guard let unit = (0..<lower).last(where: isUnit) else {
        guard lower > 0 else { return unchanged(rejected: true) }
        return outcome(cells.removing([lower - 1]), caret: lower - 1)
      }
      return removed(unit, from: cells, grammar: grammar, encoding: encoding)
    case .deleteForward where range.isEmpty:
      if lower < cells.count, !isUnit(lower), !hasUnit(from: lower) {
        return outcome(cells.removing([lower]), caret: lower)
      }
      guard let unit = (lower..<cells.count).first(where: isUnit) else {
        return unchanged(rejected: true)
      }
      return removed(unit, from: cells, grammar: grammar, encoding: encoding)
    case .insert, .replace, .deleteBackward, .deleteForward:
      // An empty text inserted at a caret asks for nothing.
      guard !range.isEmpty else { return unchanged(rejected: false) }
      // A range removed; its separators stay while units follow them. The caret stays where
      // the range began: past a separator it started after.
      let keepsSeparators = hasUnit(from: upper)
      let removed = (lower..<upper).filter { isUnit($0) || !keepsSeparators }
      return outcome(
        cells.removing(removed), caret: lower, downstream: !startFollowsCell && lower > 0)
    }
  }

  /// The pre-edit state, for an edit that is refused or changes nothing: the selection as
  /// given where the text was formatted (so the caret stays where it was), else carried
  /// through the cells.
  private static func unchanged(
    _ text: String, selection: FieldSelection, grammar: KeptGrammar, encoding: PositionEncoding,
    rejected: Bool
  ) -> Outcome {
    let scan = KeptScan(text, selection: selection, grammar: grammar, encoding: encoding)
    let layout = KeptLayout(scan.cells, grammar: grammar, encoding: encoding)
    let isFormatted =
      text.utf8.count == layout.text.utf8.count && text.utf8.elementsEqual(layout.text.utf8)
    let kept =
      isFormatted
      ? FieldSelection(start: scan.start.boundary, end: scan.end.boundary)
      : layout.selection(from: scan.start.unitsBefore, to: scan.end.unitsBefore)
    return Outcome(layout: layout, selection: kept, rejected: rejected)
  }

  /// The cells without the unit at `index`, the caret where it stood: past a separator drawn
  /// before it (Backspace in `600 1|00` leaves `600 |00`), else right after the cell before it.
  private static func removed(
    _ index: Int, from cells: KeptCells, grammar: KeptGrammar, encoding: PositionEncoding
  ) -> Outcome {
    let drawnBefore = grammar.drawn(in: cells).isDrawn(before: index)
    return laidOut(
      cells.removing([index]), caret: index, downstream: drawnBefore, grammar: grammar,
      encoding: encoding)
  }

  /// Edited cells laid out, the caret after `caret` of them. Cells joined by an edit can make
  /// one cluster, so they are regrouped first and the caret moves with them.
  private static func laidOut(
    _ cells: KeptCells, caret: Int, downstream: Bool, grammar: KeptGrammar,
    encoding: PositionEncoding
  ) -> Outcome {
    var cells = cells
    var caret = caret
    if !cells.isBytes {
      var marks = [caret]
      cells = cells.regrouped(marks: &marks)
      caret = marks[0]
    }
    let layout = KeptLayout(cells, grammar: grammar, encoding: encoding)
    return Outcome(
      layout: layout, selection: .caret(layout.offset(afterCells: caret, downstream: downstream)))
  }
}
