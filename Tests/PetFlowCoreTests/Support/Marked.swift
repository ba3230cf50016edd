// Field states written the way the issue writes them: `12345-|67890` is a caret, `123[45-67]890` a selection.
@_spi(Engine) import PetFlowCore

/// A text with a selection, parsed from or rendered to `|` and `[...]` markers.
struct Marked: Equatable, CustomStringConvertible {
  var text: String
  var selection: FieldSelection

  /// Parses markers; offsets count in `encoding`.
  init(_ marked: String, encoding: PositionEncoding = .utf16) {
    var text = ""
    var start: Int?
    var end: Int?
    for character in marked {
      switch character {
      case "|":
        start = Self.length(of: text, encoding)
        end = start
      case "[": start = Self.length(of: text, encoding)
      case "]": end = Self.length(of: text, encoding)
      default: text.append(character)
      }
    }
    let caret = start ?? Self.length(of: text, encoding)
    self.text = text
    self.selection = FieldSelection(start: caret, end: end ?? caret)
  }

  init(_ result: FieldResult) {
    text = result.text
    selection = result.selection
  }

  /// The text with markers at the selection, whose offsets count in `encoding`.
  func rendered(encoding: PositionEncoding = .utf16) -> String {
    let scalars = Array(text.unicodeScalars)
    var output = String.UnicodeScalarView()
    var offset = 0
    for index in 0...scalars.count {
      if offset == selection.start && selection.isEmpty { output.append("|") }
      if offset == selection.start && !selection.isEmpty { output.append("[") }
      if offset == selection.end && !selection.isEmpty { output.append("]") }
      guard index < scalars.count else { break }
      output.append(scalars[index])
      offset += Self.width(scalars[index], encoding)
    }
    return String(output)
  }

  var description: String { rendered() }

  static func length(of text: String, _ encoding: PositionEncoding) -> Int {
    switch encoding {
    case .utf8: return text.utf8.count
    case .utf16: return text.utf16.count
    case .utf32: return text.unicodeScalars.count
    }
  }

  static func width(_ scalar: Unicode.Scalar, _ encoding: PositionEncoding) -> Int {
    switch encoding {
    case .utf8: return String(scalar).utf8.count
    case .utf16: return String(scalar).utf16.count
    case .utf32: return 1
    }
  }
}
