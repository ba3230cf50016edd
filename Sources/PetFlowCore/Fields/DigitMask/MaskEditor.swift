/// The caret model of a digit mask (the chip number): text and selection become digits and digit
/// counts, an edit acts on the digits, and the caret comes back as "after the n-th digit" with an
/// affinity. It is never found again by searching for characters, which fails on repeated digits.
enum MaskEditor {
  struct Outcome {
    var units: MaskUnits
    var layout: MaskLayout
    var selection: FieldSelection
    var rejected = false
    /// A character other than a digit or a separator was left out.
    var dropped = false
    /// A digit was left out because the mask was full.
    var truncated = false
  }

  /// Formats post-edit text: the selection keeps the units it had before it, and a range keeps
  /// the units it covered. A caret right after a unit stays right after it (upstream); a caret
  /// after a separator or junk stays before the next unit (downstream), so formatting an
  /// answer again never moves its caret: `12345-|7890` stays, it does not hop to `12345|-7890`.
  static func format(
    _ text: String, selection: FieldSelection, mask: DigitMask, encoding: PositionEncoding
  ) -> Outcome {
    let ordered = selection.ordered
    let scan = MaskScan(text, selection: ordered, mask: mask, encoding: encoding)
    let layout = MaskLayout(units: scan.units, mask: mask)
    let start = place(scan.start, in: layout)
    let end = ordered.isEmpty ? start : max(start, place(scan.end, in: layout))
    return Outcome(
      units: scan.units, layout: layout, selection: FieldSelection(start: start, end: end),
      dropped: scan.dropped, truncated: scan.truncated)
  }

  /// The display `format` gives `text`, without a selection or a value.
  static func display(_ text: String, mask: DigitMask) -> String {
    let scan = MaskScan(text, selection: .caret(0), mask: mask, encoding: .utf8)
    return MaskLayout(units: scan.units, mask: mask).text
  }

  /// Where a scanned offset lands in the layout, by the affinity its neighbour gives it.
  private static func place(_ mark: MaskScan.Stop, in layout: MaskLayout) -> Int {
    mark.followsUnit || mark.unitsBefore == 0
      ? layout.upstream(mark.unitsBefore) : layout.downstream(mark.unitsBefore)
  }

  static func edit(
    _ text: String, selection: FieldSelection, edit: FieldEdit, mask: DigitMask,
    encoding: PositionEncoding
  ) -> Outcome {
    let ordered = selection.ordered
    var range = ordered
    if case .replace(let start, let end, _) = edit {
      range = FieldSelection(start: start, end: end).ordered
    }
    let scan = MaskScan(text, selection: range, mask: mask, encoding: encoding)
    // The pre-edit state, built only for an edit that is refused or changes nothing; a replace's
    // range is not the selection, so the selection takes a scan of its own then.
    func before(rejected: Bool = false) -> Outcome {
      let selected =
        range == ordered
        ? scan : MaskScan(text, selection: ordered, mask: mask, encoding: encoding)
      return normalized(text, scan: selected, mask: mask, rejected: rejected)
    }
    let lower = scan.start.unitsBefore
    let upper = scan.end.unitsBefore
    let units = scan.units

    var changed: MaskUnits
    /// The caret: after `caret` units, and after any separator there when `downstream`.
    var caret = lower
    var downstream = false
    var dropped = false
    var truncated = false
    switch edit {
    case .insert(let inserted) where !inserted.isEmpty,
      .replace(_, _, let inserted) where !inserted.isEmpty:
      let spliced = splice(inserted, into: units, between: lower, and: upper, mask: mask)
      // Nothing of a text that is not empty was taken (junk, or no room): the edit is refused
      // and a selection stays, rather than being deleted for nothing.
      guard spliced.accepted > 0 else {
        var refusal = before(rejected: true)
        refusal.dropped = refusal.dropped || spliced.dropped
        refusal.truncated = refusal.truncated || spliced.truncated
        return refusal
      }
      (changed, dropped, truncated) = (spliced.units, spliced.dropped, spliced.truncated)
      caret = lower + spliced.accepted
    case .deleteBackward where range.isEmpty:
      guard lower > 0 else { return before(rejected: true) }
      changed = units
      changed.remove(at: lower - 1)
      caret = lower - 1
      // The caret stays where the deleted unit began: after the separator before it, if any.
      downstream = mask.hasHyphen(before: lower - 1)
    case .deleteForward where range.isEmpty:
      guard lower < units.count else { return before(rejected: true) }
      changed = units
      changed.remove(at: lower)
      // The unit deleted is the one after any separator at the caret, where the caret goes.
      downstream = true
    case .insert, .replace, .deleteBackward, .deleteForward:
      // A range removed (or an empty text inserted, at a caret: no change). The caret stays
      // where the range began: on the far side of a separator it started after.
      changed = units.keepingFirst(lower)
      changed.append(contentsOf: units[upper...])
      downstream = !scan.start.followsUnit
    }
    // An empty text inserted at a caret: nothing to do, and nothing refused.
    if changed == units && range.isEmpty { return before() }
    let layout = MaskLayout(units: changed, mask: mask)
    let offset = downstream ? layout.downstream(caret) : layout.upstream(caret)
    return Outcome(
      units: changed, layout: layout, selection: .caret(offset),
      dropped: scan.dropped || dropped, truncated: scan.truncated || truncated)
  }

  /// The pre-edit state as it should have been shown: the formatted units, and the given selection
  /// where the text already was formatted (so a refused edit leaves the caret where it was),
  /// otherwise the selection carried through the units.
  private static func normalized(
    _ text: String, scan: MaskScan, mask: DigitMask, rejected: Bool
  ) -> Outcome {
    let layout = MaskLayout(units: scan.units, mask: mask)
    let isFormatted =
      text.utf8.count == layout.text.utf8.count && text.utf8.elementsEqual(layout.text.utf8)
    let selection =
      isFormatted
      ? FieldSelection(start: scan.start.boundary, end: scan.end.boundary)
      : layout.selection(from: scan.start.unitsBefore, to: scan.end.unitsBefore)
    return Outcome(
      units: scan.units, layout: layout, selection: selection, rejected: rejected,
      dropped: scan.dropped, truncated: scan.truncated)
  }

  /// What splicing an inserted text gave.
  private struct Splice {
    var units: MaskUnits
    /// How many digits of the inserted text were taken.
    var accepted = 0
    /// A character other than a digit or a separator was left out.
    var dropped = false
    /// A digit was left out for lack of room.
    var truncated = false
  }

  /// `units` with `lower..<upper` replaced by the digits of `inserted` that fit: an edit never
  /// silently removes existing digits. Separators are skipped, anything else is dropped, and
  /// the first digit with no room ends the reading, so a huge paste into a full field costs only
  /// its first few characters.
  private static func splice(
    _ inserted: String, into units: MaskUnits, between lower: Int, and upper: Int,
    mask: DigitMask
  ) -> Splice {
    let tail = units[upper...]
    var splice = Splice(units: units.keepingFirst(lower))
    let room = mask.digitLimit - lower - tail.count
    var digits = DecimalDigitReader()
    for scalar in inserted.unicodeScalars {
      guard let digit = mask.digit(for: scalar, digits: &digits) else {
        if !mask.isSeparator(scalar) { splice.dropped = true }
        continue
      }
      guard splice.accepted < room else {
        splice.truncated = true
        break
      }
      splice.units.append(digit)
      splice.accepted += 1
    }
    splice.units.append(contentsOf: tail)
    return splice
  }
}
