/// The caret model of the mask kinds: text and selection become units and unit counts, an edit
/// acts on units, and the caret comes back as "after the n-th unit" with an affinity. It is never
/// found again by searching for characters, which fails on repeated digits.
enum MaskEditor {
  /// A mask field's state after formatting or an edit.
  struct Outcome {
    var units: MaskUnits
    var layout: MaskLayout
    var selection: FieldSelection
    var rejected = false
    var truncated = false
  }

  /// Formats post-edit text: the selection keeps the units it had before it, and a range keeps
  /// the units it covered. A caret right after a unit stays right after it (upstream); a caret
  /// after a separator or junk stays before the next unit (downstream), so formatting an
  /// answer again never moves its caret: `12345-|7890` stays, it does not hop to `12345|-7890`.
  static func format(
    _ text: String, selection: FieldSelection, rules: MaskRules, encoding: PositionEncoding
  ) -> Outcome {
    let ordered = selection.ordered
    let scan = MaskScan(text, selection: ordered, rules: rules, encoding: encoding)
    let layout = MaskLayout(units: scan.units, rules: rules)
    // Each end keeps its side of any separator next to it: right after a significant
    // character it stays there (upstream); after a separator or a dropped character it
    // stays before the next significant one (downstream). So formatting an answer again
    // never moves the caret or the selection.
    let start = place(scan.start, in: layout)
    let end = ordered.isEmpty ? start : max(start, place(scan.end, in: layout))
    return Outcome(
      units: scan.units, layout: layout, selection: FieldSelection(start: start, end: end),
      truncated: scan.truncated)
  }

  /// The display `format` gives `text`, without a selection or a value.
  static func display(_ text: String, rules: MaskRules) -> String {
    let scan = MaskScan(text, selection: .caret(0), rules: rules, encoding: .utf8)
    return MaskLayout(units: scan.units, rules: rules).text
  }

  /// Where a scanned offset lands in the layout, by the affinity its neighbour gives it.
  private static func place(_ mark: MaskScan.Stop, in layout: MaskLayout) -> Int {
    mark.followsUnit || mark.unitsBefore == 0
      ? layout.upstream(mark.unitsBefore) : layout.downstream(mark.unitsBefore)
  }

  /// Applies `edit` to the pre-edit `text` and `selection`.
  static func edit(
    _ text: String, selection: FieldSelection, edit: FieldEdit, rules: MaskRules,
    encoding: PositionEncoding
  ) -> Outcome {
    let ordered = selection.ordered
    var range = ordered
    if case .replace(let start, let end, _) = edit {
      range = FieldSelection(start: start, end: end).ordered
    }
    let scan = MaskScan(text, selection: range, rules: rules, encoding: encoding)
    // The pre-edit state, built only for an edit that is refused or changes nothing; a replace's
    // range is not the selection, so the selection takes a scan of its own then.
    func before() -> Outcome {
      let selected =
        range == ordered
        ? scan : MaskScan(text, selection: ordered, rules: rules, encoding: encoding)
      return normalized(text, scan: selected, rules: rules)
    }
    let lower = scan.start.unitsBefore
    let upper = scan.end.unitsBefore
    let units = scan.units

    var changed: MaskUnits
    var caret = lower
    var downstream = false
    var cut = false
    let askedForChange: Bool
    let isRemoval: Bool
    switch edit {
    case .insert(let inserted), .replace(_, _, let inserted):
      askedForChange = !inserted.isEmpty || !range.isEmpty
      isRemoval = false
      guard let spliced = splice(inserted, into: units, between: lower, and: upper, rules: rules)
      else { return refused(before()) }
      (changed, cut) = (spliced.units, spliced.cut)
      caret = lower + spliced.accepted
    case .deleteBackward where range.isEmpty:
      (askedForChange, isRemoval) = (true, true)
      guard lower > 0 else { return refused(before()) }
      changed = units
      changed.remove(at: lower - 1)
      caret = lower - 1
    case .deleteForward where range.isEmpty:
      (askedForChange, isRemoval) = (true, true)
      guard lower < units.count else { return refused(before()) }
      changed = units
      changed.remove(at: lower)
      downstream = true
    case .deleteBackward, .deleteForward:
      (askedForChange, isRemoval) = (true, true)
      changed = units.keepingFirst(lower)
      changed.append(contentsOf: units[upper...])
    }
    // A removal that would make the grammar drop or move other units is refused whole. (A
    // splice only ever takes what the grammar keeps.)
    guard !isRemoval || MaskSanitizer.admits(changed, rules.grammar) else {
      return refused(before())
    }
    if changed == units && range.isEmpty {
      var unchanged = before()
      unchanged.rejected = askedForChange
      unchanged.truncated = unchanged.truncated || cut
      return unchanged
    }
    let layout = MaskLayout(units: changed, rules: rules)
    let offset = downstream ? layout.downstream(caret) : layout.upstream(caret)
    return Outcome(
      units: changed, layout: layout, selection: .caret(offset),
      truncated: scan.truncated || cut)
  }

  /// The pre-edit state as it should have been shown: the formatted units, and the given selection
  /// where the text already was formatted (so a refused edit leaves the caret where it was),
  /// otherwise the selection carried through the units.
  private static func normalized(_ text: String, scan: MaskScan, rules: MaskRules) -> Outcome {
    let layout = MaskLayout(units: scan.units, rules: rules)
    let isFormatted =
      text.utf8.count == layout.text.utf8.count && text.utf8.elementsEqual(layout.text.utf8)
    let selection =
      isFormatted
      ? FieldSelection(start: scan.start.boundary, end: scan.end.boundary)
      : layout.selection(from: scan.start.unitsBefore, to: scan.end.unitsBefore)
    return Outcome(
      units: scan.units, layout: layout, selection: selection, truncated: scan.truncated)
  }

  private static func refused(_ before: Outcome) -> Outcome {
    var refused = before
    refused.rejected = true
    return refused
  }

  /// `units` with `lower..<upper` replaced by the units of `inserted`, taken in order until the
  /// first one the grammar would not keep with the units around it unchanged: an edit never
  /// silently removes existing units. Also says how many were taken and whether any significant
  /// unit was left out; nil when the units around the range are not kept on their own. Stops
  /// reading at the first unit left out, so a huge paste into a full field costs only its first
  /// few characters.
  private static func splice(
    _ inserted: String, into units: MaskUnits, between lower: Int, and upper: Int,
    rules: MaskRules
  ) -> (units: MaskUnits, accepted: Int, cut: Bool)? {
    let head = units[..<lower]
    let tail = units[upper...]
    // The grammar reads left to right, so its state after the head and the units taken so far
    // is kept, and each candidate only costs offering itself and the tail.
    var prefix = MaskSanitizer(rules.grammar)
    guard prefix.keepsAll(head), prefix.wouldKeep(tail) else { return nil }
    var spliced = units.keepingFirst(lower)
    var accepted = 0
    var cut = false
    var digits = DecimalDigitReader()
    for scalar in inserted.unicodeScalars {
      guard let unit = rules.unit(for: scalar, digits: &digits) else { continue }
      var withUnit = prefix
      guard withUnit.offer(unit) == .keep, withUnit.wouldKeep(tail) else {
        cut = true
        break
      }
      prefix = withUnit
      spliced.append(unit)
      accepted += 1
    }
    spliced.append(contentsOf: tail)
    return (spliced, accepted, cut)
  }
}
