/// The caret model of the mask kinds: text and selection become units and unit counts, an edit
/// acts on units, and the caret comes back as "after the n-th unit" with an affinity. It is never
/// found again by searching for characters, which fails on repeated digits.
enum MaskEditor {
  /// A mask field's state after formatting or an edit.
  struct Outcome {
    var units: [UInt8]
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
    let scan = MaskScan(
      text, rules: rules, encoding: encoding, queries: [ordered.start, ordered.end])
    let layout = MaskLayout(units: scan.units, rules: rules)
    var selection = layout.selection(from: scan.unitsBefore[0], to: scan.unitsBefore[1])
    if ordered.isEmpty, !scan.followsUnit[0], scan.unitsBefore[0] > 0 {
      selection = .caret(layout.downstream(scan.unitsBefore[0]))
    }
    return Outcome(
      units: scan.units, layout: layout, selection: selection, truncated: scan.truncated)
  }

  /// Applies `edit` to the pre-edit `text` and `selection`.
  static func edit(
    _ text: String, selection: FieldSelection, edit: FieldEdit, rules: MaskRules,
    encoding: PositionEncoding
  ) -> Outcome {
    let ordered = selection.ordered
    var queries = [ordered.start, ordered.end]
    var range = ordered
    if case .replace(let start, let end, _) = edit {
      range = FieldSelection(start: start, end: end).ordered
      queries += [range.start, range.end]
    }
    let scan = MaskScan(text, rules: rules, encoding: encoding, queries: queries)
    let before = normalized(text, scan: scan, rules: rules)
    let lower = scan.unitsBefore[queries.count - 2]
    let upper = scan.unitsBefore[queries.count - 1]
    let units = scan.units

    var changed = Array(units[..<lower]) + units[upper...]
    var caret = lower
    var downstream = false
    var cut = false
    let askedForChange: Bool
    switch edit {
    case .insert(let inserted), .replace(_, _, let inserted):
      askedForChange = !inserted.isEmpty || !range.isEmpty
      guard MaskSanitizer.admits(changed, rules.grammar) else { return refused(before) }
      let accepted: [UInt8]
      (accepted, cut) = acceptedUnits(
        of: inserted, between: units[..<lower], and: units[upper...], rules: rules)
      changed = Array(units[..<lower]) + accepted + units[upper...]
      caret = lower + accepted.count
    case .deleteBackward:
      askedForChange = true
      if range.isEmpty {
        guard lower > 0 else { return refused(before) }
        changed = Array(units[..<(lower - 1)]) + units[lower...]
        caret = lower - 1
      }
    case .deleteForward:
      askedForChange = true
      if range.isEmpty {
        guard lower < units.count else { return refused(before) }
        changed = Array(units[..<lower]) + units[(lower + 1)...]
        downstream = true
      }
    }
    // A removal that would make the grammar drop or move other units is refused whole.
    guard MaskSanitizer.admits(changed, rules.grammar) else { return refused(before) }
    if changed == units && range.isEmpty {
      var unchanged = before
      unchanged.rejected = askedForChange
      unchanged.truncated = before.truncated || cut
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
      ? FieldSelection(start: scan.boundaries[0], end: scan.boundaries[1])
      : layout.selection(from: scan.unitsBefore[0], to: scan.unitsBefore[1])
    return Outcome(
      units: scan.units, layout: layout, selection: selection, truncated: scan.truncated)
  }

  private static func refused(_ before: Outcome) -> Outcome {
    var refused = before
    refused.rejected = true
    return refused
  }

  /// The units of `inserted` taken in order until the first one the grammar would not keep
  /// between `head` and `tail` unchanged: an edit never silently removes existing units. Also
  /// says whether any significant unit was left out. Stops reading there, so a huge paste into a
  /// full field costs only its first few characters.
  private static func acceptedUnits(
    of inserted: String, between head: ArraySlice<UInt8>, and tail: ArraySlice<UInt8>,
    rules: MaskRules
  ) -> (units: [UInt8], cut: Bool) {
    var accepted: [UInt8] = []
    var digits = DecimalDigitReader()
    for scalar in inserted.unicodeScalars {
      guard let unit = rules.unit(for: scalar, digits: &digits) else { continue }
      guard MaskSanitizer.admits(Array(head) + accepted + [unit] + tail, rules.grammar) else {
        return (accepted, true)
      }
      accepted.append(unit)
    }
    return (accepted, false)
  }
}
