/// Trimming of surrounding whitespace, by the standard library's Unicode whitespace property.
enum Whitespace {
  /// `text` without leading and trailing whitespace; each end stops at its first other character.
  static func trimmed(_ text: String) -> Substring {
    guard let first = text.firstIndex(where: { !$0.isWhitespace }),
      let last = text.lastIndex(where: { !$0.isWhitespace })
    else { return text[text.endIndex...] }
    return text[first...last]
  }
}
