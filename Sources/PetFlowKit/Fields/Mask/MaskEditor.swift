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
    /// A character the kind does not take (other than its separators) was left out.
    var dropped = false
    /// A significant character was left out because a limit was full.
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
    let start = place(scan.start, in: layout)
    let end = ordered.isEmpty ? start : max(start, place(scan.end, in: layout))
    return Outcome(
      units: scan.units, layout: layout, selection: FieldSelection(start: start, end: end),
      dropped: scan.dropped, truncated: scan.truncated)
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
    func before(rejected: Bool = false) -> Outcome {
      let selected =
        range == ordered
        ? scan : MaskScan(text, selection: ordered, rules: rules, encoding: encoding)
      return normalized(text, scan: selected, rules: rules, rejected: rejected)
    }
    let lower = scan.start.unitsBefore
    let upper = scan.end.unitsBefore
    let units = scan.units

    var changed: MaskUnits
    /// The caret: after `caret` units, and after any separator there when `downstream`.
    var caret = lower
    var downstream = false
    var dropped = false
    var cut = false
    var isRemoval = true
    switch edit {
    case .insert(let inserted) where !inserted.isEmpty,
      .replace(_, _, let inserted) where !inserted.isEmpty:
      guard let spliced = splice(inserted, into: units, between: lower, and: upper, rules: rules)
      else { return before(rejected: true) }
      // Nothing of a text that is not empty was taken (junk, or no room): the edit is refused
      // and a selection stays, rather than being deleted for nothing.
      guard spliced.accepted > 0 else {
        var refusal = before(rejected: true)
        refusal.dropped = refusal.dropped || spliced.dropped
        refusal.truncated = refusal.truncated || spliced.cut
        return refusal
      }
      (changed, dropped, cut) = (spliced.units, spliced.dropped, spliced.cut)
      caret = lower + spliced.accepted
      isRemoval = false
    case .deleteBackward where range.isEmpty:
      guard lower > 0 else { return before(rejected: true) }
      changed = units
      changed.remove(at: lower - 1)
      caret = lower - 1
      // The caret stays where the deleted unit began: after the separator before it, if any.
      downstream = rules.hyphensBefore.contains(lower - 1)
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
    // A removal that would make the grammar drop or move other units is refused whole. (A
    // splice only ever takes what the grammar keeps.)
    guard !isRemoval || MaskSanitizer(rules.grammar).verdict(ofOffering: changed) == .keep else {
      return before(rejected: true)
    }
    // An empty text inserted at a caret: nothing to do, and nothing refused.
    if changed == units && range.isEmpty { return before() }
    let layout = MaskLayout(units: changed, rules: rules)
    let offset = downstream ? layout.downstream(caret) : layout.upstream(caret)
    return Outcome(
      units: changed, layout: layout, selection: .caret(offset),
      dropped: scan.dropped || dropped, truncated: scan.truncated || cut)
  }

  /// The pre-edit state as it should have been shown: the formatted units, and the given selection
  /// where the text already was formatted (so a refused edit leaves the caret where it was),
  /// otherwise the selection carried through the units.
  private static func normalized(
    _ text: String, scan: MaskScan, rules: MaskRules, rejected: Bool
  ) -> Outcome {
    let layout = MaskLayout(units: scan.units, rules: rules)
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
    /// How many units of the inserted text were taken.
    var accepted = 0
    /// A character other than a separator was left out.
    var dropped = false
    /// A unit was left out for lack of room.
    var cut = false
  }

  /// `units` with `lower..<upper` replaced by the units of `inserted` the grammar keeps with the
  /// units around them unchanged: an edit never silently removes existing units. Characters that
  /// are no unit (junk, separators) are skipped; the first unit the grammar does not keep ends the
  /// reading: one out of place (a second `.`, a `+` after a digit) is dropped, and what follows it
  /// belongs to something else (`52.2297, 21.0122` must not run into `52.229721`); one that does
  /// not fit is cut. So a huge paste into a full field costs only its first few characters. Nil
  /// when the units around the range are not kept on their own.
  private static func splice(
    _ inserted: String, into units: MaskUnits, between lower: Int, and upper: Int,
    rules: MaskRules
  ) -> Splice? {
    let head = units[..<lower]
    let tail = units[upper...]
    // The grammar reads left to right, so its state after the head and the units taken so far
    // is kept, and each candidate only costs offering itself and the tail.
    var prefix = MaskSanitizer(rules.grammar)
    guard prefix.offer(all: head) == .keep, prefix.verdict(ofOffering: tail) == .keep else {
      return nil
    }
    var splice = Splice(units: units.keepingFirst(lower))
    var digits = DecimalDigitReader()
    reading: for scalar in inserted.unicodeScalars {
      guard let unit = rules.unit(for: scalar, digits: &digits) else {
        if !rules.isSeparator(scalar) { splice.dropped = true }
        continue
      }
      var withUnit = prefix
      var verdict = withUnit.offer(unit)
      if verdict == .keep { verdict = withUnit.verdict(ofOffering: tail) }
      switch verdict {
      case .keep:
        prefix = withUnit
        splice.units.append(unit)
        splice.accepted += 1
      case .ignore:
        splice.dropped = true
        break reading
      case .overflow:
        splice.cut = true
        break reading
      }
    }
    splice.units.append(contentsOf: tail)
    return splice
  }
}
