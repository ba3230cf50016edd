/// A language messages and labels are written in: a BCP 47 primary language subtag, lowercased
/// (`en`, `pl`, `de`). A struct rather than an enum so that flow files can bring texts in more
/// languages later without breaking code that switches over it.
public struct Language: Sendable, Hashable, CustomStringConvertible {
  /// The subtag's letters, lowercased, the first in the lowest byte. At most 8 ASCII letters fit
  /// one word, so comparing and hashing a language costs no more than an enum's did, and `.en`
  /// is a constant (no allocation, no lazy global) on the keystroke path.
  /// Inlinable, as `==` is, so that a text's lookup in another module compares words in place.
  @usableFromInline let letters: UInt64

  @usableFromInline init(letters: UInt64) { self.letters = letters }

  /// English, the language petflowd answers in unless told otherwise.
  @inlinable public static var en: Language { Language(letters: 0x6E65) }

  /// Polish.
  @inlinable public static var pl: Language { Language(letters: 0x6C70) }

  /// Whether the two are the same language (`Language("PL") == .pl`).
  @inlinable public static func == (lhs: Language, rhs: Language) -> Bool {
    lhs.letters == rhs.letters
  }

  /// No language: a `LocalizedText`'s empty slot. No tag reads as it (a subtag has letters).
  static var unset: Language { Language(letters: 0) }

  /// The languages petflowd ships every text in, English first.
  public static var shipped: [Language] { [.en, .pl] }

  /// Whether it is one of `shipped`, asked without building the list: every field method asks,
  /// and the list's first use instantiated its array type's metadata at start-up.
  package var isShipped: Bool { self == .en || self == .pl }

  /// The language of a BCP 47 tag: its primary subtag, so `"de-AT"` is `de` and `"PL"` is `pl`
  /// (`_` separates too, as POSIX locale names such as `pl_PL` do). Nil unless that subtag is 2,
  /// 3 or 5 to 8 ASCII letters, which is what BCP 47 allows for a language.
  public init?(_ tag: String) {
    var letters: UInt64 = 0
    var count = 0
    for byte in tag.utf8 {
      if byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") { break }
      // Setting bit 5 lowercases an ASCII capital; nothing else lands in a to z by it.
      let lower = byte | 0x20
      guard lower >= UInt8(ascii: "a"), lower <= UInt8(ascii: "z"), count < 8 else { return nil }
      letters |= UInt64(lower) << (8 * count)
      count += 1
    }
    guard count == 2 || count == 3 || count >= 5 else { return nil }
    self.letters = letters
  }

  /// The subtag as written in a tag: `"en"`, `"pl"`.
  public var code: String {
    var bytes: [UInt8] = []
    var rest = letters
    while rest != 0 {
      bytes.append(UInt8(truncatingIfNeeded: rest))
      rest >>= 8
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The primary subtag, as `code` spells it.
  public var description: String { code }
}
