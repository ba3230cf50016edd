/// Editing for the free-text kinds: the string itself is edited a grapheme cluster at a time, under
/// an optional cap counted in clusters, so an emoji, a flag or an accented letter is never split.
enum FreeTextEditor {
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
    let found = TextOffsets(kept, encoding: encoding).boundaries(of: selection)
    return Outcome(
      text: kept, selection: FieldSelection(start: found.start.offset, end: found.end.offset),
      truncated: cut)
  }

  /// Applies `edit` to the pre-edit `text` and `selection`. An insert keeps only as many of its own
  /// clusters as fit under the cap, so existing text never shrinks; one that `grammar` ignores
  /// (format characters alone) is refused.
  static func edit(
    _ text: String, selection: FieldSelection, edit: FieldEdit, grammar: FreeTextGrammar,
    cap: Int?, encoding: PositionEncoding
  ) -> Outcome {
    let (pre, preCut) = limit(text, to: cap)
    let offsets = TextOffsets(pre, encoding: encoding)
    let found = offsets.boundaries(of: selection)
    var (lower, upper) = found
    var inserted = ""
    switch edit {
    case .insert(let text):
      inserted = text
    case .replace(let start, let end, let text):
      (lower, upper) = offsets.boundaries(of: FieldSelection(start: start, end: end))
      inserted = text
    case .deleteBackward where lower == upper:
      lower = offsets.boundary(before: lower) ?? lower
    case .deleteForward where lower == upper:
      upper = offsets.boundary(after: upper) ?? upper
    case .deleteBackward, .deleteForward:
      break
    }
    let selected = FieldSelection(start: found.start.offset, end: found.end.offset)
    // Only an empty text inserted at a caret asks for nothing.
    let askedForChange =
      !inserted.isEmpty || lower != upper || edit == .deleteBackward || edit == .deleteForward

    let head = offsets.text[..<offsets.index(lower)]
    let tail = offsets.text[offsets.index(upper)...]
    if !inserted.isEmpty, grammar.ignores(inserted, after: head) {
      return Outcome(text: pre, selection: selected, rejected: true, truncated: preCut)
    }
    var cut = preCut
    if let cap, !inserted.isEmpty {
      let fitted = limit(inserted, to: max(0, cap - head.count - tail.count))
      inserted = fitted.text
      cut = cut || fitted.cut
    }
    var result = String(head) + inserted + tail
    // Joining text can only merge clusters, so this holds already; it guards the cap regardless.
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
    // An edit that leaves text and selection as they were is refused, if it asked for a change.
    let isUnchanged = FieldSelection.caret(caret.offset) == selected && sameText(result, pre)
    return Outcome(
      text: result, selection: .caret(caret.offset), rejected: isUnchanged && askedForChange,
      truncated: cut)
  }

  /// The first `cap` clusters of `text`, and whether anything was cut; no cap keeps everything.
  static func limit(_ text: String, to cap: Int?) -> (text: String, cut: Bool) {
    // Every cluster takes at least one byte, so short text needs no count.
    guard let cap, text.utf8.count > cap,
      let end = text.index(text.startIndex, offsetBy: cap, limitedBy: text.endIndex),
      end < text.endIndex
    else { return (text, false) }
    return (String(text[..<end]), true)
  }

  /// Exact equality of the scalars: `==` on strings would call "é" and "e\u{301}" the same.
  private static func sameText(_ lhs: String, _ rhs: String) -> Bool {
    lhs.utf8.count == rhs.utf8.count && lhs.utf8.elementsEqual(rhs.utf8)
  }
}
