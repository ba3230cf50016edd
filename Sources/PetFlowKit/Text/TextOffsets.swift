/// Grapheme-cluster boundaries of one text with their offsets in a position encoding: the one
/// place where client offsets meet `String.Index`.
///
/// Every operation walks the clusters once from the start, so each is linear in the text. The walk
/// takes a fast path for pairs of scalars below U+0300 (no grapheme rule can join two of them but
/// CR LF, which is the standard library's own fast path) and asks `String.index(after:)` for
/// everything else, so cluster boundaries are always the standard library's.
struct TextOffsets {
  /// A grapheme-cluster boundary: where it is, its offset, and how many clusters precede it.
  struct Boundary: Equatable {
    var index: String.Index
    var offset: Int
    var clusters: Int
  }

  let text: String
  let encoding: PositionEncoding

  init(_ text: String, encoding: PositionEncoding) {
    self.text = text
    self.encoding = encoding
  }

  var start: Boundary { Boundary(index: text.startIndex, offset: 0, clusters: 0) }

  /// Visits the clusters in order with their start and end offsets until `body` returns false.
  func forEachCluster(_ body: (Range<String.Index>, _ start: Int, _ end: Int) -> Bool) {
    let scalars = text.unicodeScalars
    let end = scalars.endIndex
    var index = scalars.startIndex
    var offset = 0
    while index < end {
      let first = scalars[index]
      let afterFirst = scalars.index(after: index)
      var next = afterFirst
      var width = encoding.width(of: first)
      if !Self.standsAlone(first, before: afterFirst == end ? nil : scalars[afterFirst]) {
        next = text.index(after: index)
        var scalarIndex = afterFirst
        while scalarIndex < next {
          width += encoding.width(of: scalars[scalarIndex])
          scalarIndex = scalars.index(after: scalarIndex)
        }
      }
      guard body(index..<next, offset, offset + width) else { return }
      offset += width
      index = next
    }
  }

  /// The boundary at or before `offset`: an offset inside a cluster rounds down to its start, one
  /// past the end clamps to the end.
  func boundary(atOrBefore offset: Int) -> Boundary {
    advance { _, next in next.offset <= offset }
  }

  /// The boundary at or after `offset`, clamped to the end.
  func boundary(atOrAfter offset: Int) -> Boundary {
    advance { current, _ in current.offset < offset }
  }

  /// The boundary after the first `count` clusters, or the end when there are fewer.
  func boundary(afterClusters count: Int) -> Boundary {
    advance { current, _ in current.clusters < count }
  }

  /// Steps from the start, one cluster at a time, while `shouldStep(current, next)` holds.
  private func advance(while shouldStep: (_ current: Boundary, _ next: Boundary) -> Bool)
    -> Boundary
  {
    var current = start
    forEachCluster { range, _, end in
      let next = Boundary(index: range.upperBound, offset: end, clusters: current.clusters + 1)
      guard shouldStep(current, next) else { return false }
      current = next
      return true
    }
    return current
  }

  /// Whether a cluster starting with `first` ends right after it, decided by the standard
  /// library's own fast-path rule: two scalars below U+0300 always break, except CR LF.
  private static func standsAlone(_ first: Unicode.Scalar, before next: Unicode.Scalar?) -> Bool {
    guard first.value < 0x300 else { return false }
    guard let next else { return true }
    return next.value < 0x300 && !(first == "\r" && next == "\n")
  }
}
