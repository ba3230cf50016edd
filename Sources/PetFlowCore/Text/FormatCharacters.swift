/// Unicode format characters (general category Cf: LRM, RLM, ZWSP, the word joiner, a BOM
/// inside a text, ZWJ): invisible marks, often pasted along with a number from a web page or a
/// chat, that carry no meaning in any kind but free `text`. The other kinds leave them out
/// before judging, as separators, so that they never change a value or an error.
enum FormatCharacters {
  static let zeroWidthJoiner: Unicode.Scalar = "\u{200D}"
  static let zeroWidthNonJoiner: Unicode.Scalar = "\u{200C}"

  /// Whether a scalar is a format character. None is ASCII (the first is U+00AD, the soft
  /// hyphen), so typed ASCII never asks. Never inlined: the checks that call it for a scalar
  /// past ASCII (`KeptGrammar.drops`, `DigitMask.isSeparator`) stay small enough to be inlined
  /// into the typist's ASCII loops, which then cost what they did without it.
  @inline(never)
  static func contains(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value >= 0xAD && scalar.properties.generalCategory == .format
  }

  /// `text` without its format characters. After the first `@` when `keepingJoinersInDomain`,
  /// ZWJ and ZWNJ stay: an internationalised domain name can need them (IDNA's CONTEXTJ rule),
  /// so there they are judged rather than left out.
  static func removed(from text: String, keepingJoinersInDomain: Bool = false) -> String {
    guard text.utf8.contains(where: { $0 >= 0x80 }),
      text.unicodeScalars.contains(where: contains)
    else { return text }
    var kept = String.UnicodeScalarView()
    var inDomain = false
    for scalar in text.unicodeScalars {
      if scalar == "@" { inDomain = true }
      let isJoiner = scalar == zeroWidthJoiner || scalar == zeroWidthNonJoiner
      if contains(scalar), !(keepingJoinersInDomain && inDomain && isJoiner) { continue }
      kept.append(scalar)
    }
    return String(kept)
  }

  /// Whether `text` is only whitespace and format characters: nothing a person can see, so an
  /// empty field (free `text` keeps the marks, but such a text is still empty for `required`).
  static func isBlank(_ text: some StringProtocol) -> Bool {
    text.unicodeScalars.allSatisfy { $0.properties.isWhitespace || contains($0) }
  }

  /// Whether `text` is some format characters and nothing else.
  static func isOnlyFormat(_ text: some StringProtocol) -> Bool {
    !text.isEmpty && text.unicodeScalars.allSatisfy(contains)
  }
}
