/// Where a problem is in a flow file: an RFC 6901 JSON pointer (`/steps/1/next/0/goto`) that
/// knows its tokens' places in the document, so that problems sort in file order.
package struct JSONPointer: Sendable, Hashable, Comparable {
  private var tokens: [String] = []
  /// Per token, its place among its siblings: a member's index in its object, an element's
  /// index in its array.
  private var places: [Int] = []

  /// The whole document.
  package static let root = JSONPointer()

  /// The pointer to the `place`-th member of this object, named `name`.
  func member(_ name: String, at place: Int) -> JSONPointer {
    var pointer = self
    pointer.tokens.append(name)
    pointer.places.append(place)
    return pointer
  }

  func element(_ index: Int) -> JSONPointer {
    var pointer = self
    pointer.tokens.append(String(index))
    pointer.places.append(index)
    return pointer
  }

  /// The pointer as RFC 6901 writes it: `""` for the document, `~0` for `~`, `~1` for `/`.
  package var text: String {
    var text = ""
    for token in tokens {
      text += "/"
      // Character by character: String.replacing would link in the regex library.
      for character in token {
        switch character {
        case "~": text += "~0"
        case "/": text += "~1"
        default: text.append(character)
        }
      }
    }
    return text
  }

  /// Document order: a value comes before what it contains, which comes before what follows it.
  package static func < (lhs: JSONPointer, rhs: JSONPointer) -> Bool {
    lhs.places.lexicographicallyPrecedes(rhs.places)
  }
}
