/// "Did you mean": the known name nearest to an unknown one, when it is within two edits, for
/// the end of a problem's message. Edits are those of the optimal string alignment distance
/// (Damerau–Levenshtein where no substring is edited twice): a character inserted, deleted or
/// replaced, or two neighbours swapped (`phoen` is one edit from `phone`), counted in Unicode
/// scalars.
enum NearestName {
  static let maxEdits = 2

  /// `; did you mean 'phone'?`, or empty when no name is near enough. A name differing only in
  /// case wins; then the nearest; of names as near, the first in `names` (file order). A name
  /// must keep more than it changes (fewer edits than half its length), so `hint` suggests
  /// nothing for `kind` (two edits of four characters), nor `x` for `id`.
  static func suggestion(for unknown: String, among names: [String]) -> String {
    nearest(to: unknown, among: names).map { "; did you mean '\($0)'?" } ?? ""
  }

  static func nearest(to unknown: String, among names: [String]) -> String? {
    // A name that differs only in case is the one meant, however short.
    let folded = unknown.lowercased()
    if let same = names.first(where: { $0 != unknown && $0.lowercased() == folded }) {
      return same
    }
    let given = Array(unknown.unicodeScalars)
    var best: (name: String, edits: Int)?
    for name in names where name != unknown {
      let known = Array(name.unicodeScalars)
      // Fewer edits than half the known name's length.
      let limit = min(best.map { $0.edits - 1 } ?? maxEdits, (known.count - 1) / 2)
      guard limit >= 0, let edits = distance(given, known, atMost: limit) else { continue }
      best = (name, edits)
    }
    return best?.name
  }

  /// The optimal string alignment distance, or nil when it is over `limit` (decided from the
  /// lengths alone when they differ by more, so a megabyte-long name costs nothing).
  static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], atMost limit: Int) -> Int? {
    guard abs(a.count - b.count) <= limit else { return nil }
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    let width = b.count + 1
    // Three rows: the one before the previous is needed for a swap.
    var before = [Int](repeating: 0, count: width)
    var previous = Array(0..<width)
    var current = [Int](repeating: 0, count: width)
    for i in 1...a.count {
      current[0] = i
      var rowBest = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          value = min(value, before[j - 2] + 1)
        }
        current[j] = value
        rowBest = min(rowBest, value)
      }
      // Every later row is at least this row's least.
      if rowBest > limit { return nil }
      (before, previous, current) = (previous, current, before)
    }
    let edits = previous[b.count]
    return edits <= limit ? edits : nil
  }
}
