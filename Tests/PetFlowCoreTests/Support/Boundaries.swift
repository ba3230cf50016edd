// Plain, slow reference computations that property tests check the library against.
@_spi(Engine) import PetFlowCore

/// Grapheme-cluster boundaries computed the plain way, to check the library against.
enum Boundaries {
  static func offsets(of text: String, _ encoding: PositionEncoding) -> [Int] {
    var offsets = [0]
    for character in text {
      offsets.append((offsets.last ?? 0) + Marked.length(of: String(character), encoding))
    }
    return offsets
  }

  /// The selection as the library should normalise it: ordered and clamped; a caret rounded
  /// down, a range widened to whole clusters (its start rounded down, its end up).
  static func rounded(_ selection: FieldSelection, in text: String, _ encoding: PositionEncoding)
    -> FieldSelection
  {
    let offsets = offsets(of: text, encoding)
    let low = max(0, min(selection.start, selection.end))
    let high = max(low, selection.start, selection.end)
    let down = { (offset: Int) in offsets.last { $0 <= offset } ?? 0 }
    let up = { (offset: Int) in offsets.first { $0 >= offset } ?? offsets.last ?? 0 }
    return FieldSelection(start: down(low), end: low == high ? down(high) : up(high))
  }

  static func contains(_ selection: FieldSelection, in text: String, _ encoding: PositionEncoding)
    -> Bool
  {
    let offsets = Set(offsets(of: text, encoding))
    return selection.start <= selection.end && offsets.contains(selection.start)
      && offsets.contains(selection.end)
  }
}

/// The decimal digits of a text as ASCII, read the plain way.
func decimalDigits(of text: String) -> [Character] {
  text.unicodeScalars.compactMap { scalar in
    guard scalar.properties.numericType == .decimal, let value = scalar.properties.numericValue
    else { return nil }
    return Character(String(Int(value)))
  }
}

/// Whether `part` appears in `whole` in order, not necessarily together.
func isSubsequence<T: Equatable>(_ part: [T], of whole: [T]) -> Bool {
  var remaining = part[...]
  for element in whole where element == remaining.first {
    remaining = remaining.dropFirst()
  }
  return remaining.isEmpty
}
