/// Editing for the free-text kinds: the string itself is edited a grapheme cluster at a time, under
/// an optional cap counted in clusters, so an emoji, a flag or an accented letter is never split.
enum FreeTextEditor {
  /// A free-text field's state after formatting or an edit.
  struct Outcome {
    var text: String
    var selection: FieldSelection
    var rejected = false
    var truncated = false
  }

  /// Cuts over-long text to `cap` clusters and puts the selection on cluster boundaries.
  static func format(
    _ text: String, selection: FieldSelection, cap: Int?, encoding: PositionEncoding
  ) -> Outcome {
    let (kept, cut) = limit(text, to: cap)
    let offsets = TextOffsets(kept, encoding: encoding)
    let ordered = selection.ordered
    return Outcome(
      text: kept,
      selection: FieldSelection(
        start: offsets.boundary(atOrBefore: ordered.start).offset,
        end: offsets.boundary(atOrBefore: ordered.end).offset),
      truncated: cut)
  }

  /// Applies `edit` to the pre-edit `text` and `selection`. An insert keeps only as many of its own
  /// clusters as fit under the cap, so existing text never shrinks.
  static func edit(
    _ text: String, selection: FieldSelection, edit: FieldEdit, cap: Int?,
    encoding: PositionEncoding
  ) -> Outcome {
    let before = format(text, selection: selection, cap: cap, encoding: encoding)
    let offsets = TextOffsets(before.text, encoding: encoding)
    var lower = offsets.boundary(atOrBefore: before.selection.start)
    var upper = offsets.boundary(atOrBefore: before.selection.end)
    var inserted = ""
    let askedForChange: Bool
    switch edit {
    case .insert(let text):
      inserted = text
      askedForChange = !text.isEmpty || lower != upper
    case .replace(let start, let end, let text):
      let range = FieldSelection(start: start, end: end).ordered
      lower = offsets.boundary(atOrBefore: range.start)
      upper = offsets.boundary(atOrBefore: range.end)
      inserted = text
      askedForChange = !text.isEmpty || lower != upper
    case .deleteBackward:
      askedForChange = true
      if lower == upper && lower.clusters > 0 {
        lower = offsets.boundary(afterClusters: lower.clusters - 1)
      }
    case .deleteForward:
      askedForChange = true
      if lower == upper { upper = offsets.boundary(afterClusters: upper.clusters + 1) }
    }

    var cut = before.truncated
    if let cap, !inserted.isEmpty {
      let total = offsets.boundary(atOrBefore: Int.max).clusters
      let room = max(0, cap - (total - (upper.clusters - lower.clusters)))
      let fitted = limit(inserted, to: room)
      inserted = fitted.text
      cut = cut || fitted.cut
    }
    var result = String(before.text[..<lower.index]) + inserted + before.text[upper.index...]
    // Joining can only merge clusters, so this holds already; it guards the cap regardless.
    if let cap {
      let capped = limit(result, to: cap)
      result = capped.text
      cut = cut || capped.cut
    }
    let resultOffsets = TextOffsets(result, encoding: encoding)
    let caret =
      inserted.isEmpty
      ? resultOffsets.boundary(atOrBefore: lower.offset)
      : resultOffsets.boundary(atOrAfter: lower.offset + encoding.length(of: inserted))
    let after = Outcome(text: result, selection: .caret(caret.offset), truncated: cut)
    guard after.selection == before.selection, sameText(result, before.text) else { return after }
    var unchanged = before
    unchanged.rejected = askedForChange
    unchanged.truncated = cut
    return unchanged
  }

  /// The first `cap` clusters of `text`, and whether anything was cut; no cap keeps everything.
  static func limit(_ text: String, to cap: Int?) -> (text: String, cut: Bool) {
    guard let cap else { return (text, false) }
    // Every cluster takes at least one byte, so short text needs no walk.
    guard text.utf8.count > cap else { return (text, false) }
    let end = TextOffsets(text, encoding: .utf8).boundary(afterClusters: max(0, cap)).index
    guard end < text.endIndex else { return (text, false) }
    return (String(text[..<end]), true)
  }

  /// Exact equality of the scalars: `==` on strings would call "é" and "e\u{301}" the same.
  private static func sameText(_ lhs: String, _ rhs: String) -> Bool {
    lhs.utf8.count == rhs.utf8.count && lhs.utf8.elementsEqual(rhs.utf8)
  }
}
