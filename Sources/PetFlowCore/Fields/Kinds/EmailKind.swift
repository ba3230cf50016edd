/// The email kind: an address as typed, judged trimmed of surrounding whitespace. Typing keeps
/// every character: an address over 254 characters stays, with `email.tooLong`.
extension KindDeclaration {
  /// An email address, kept as typed and judged trimmed.
  static let email = KindDeclaration(
    label: LocalizedText(en: "Email", pl: "Adres e-mail"),
    hint: LocalizedText(
      en: "The address replies should go to", pl: "Adres, na który przyjdzie odpowiedź"),
    keyboard: .emailAddress, editing: .freeText(.email), longestValue: EmailAddress.maxLength,
    required: FieldError(.emailRequired),
    codes: [.emailRequired, .emailInvalid, .emailTooLong], examples: ["a@example.com"])
}

/// An email check for a contact form rather than RFC 5322. The part before `@` is judged as
/// WHATWG HTML's valid e-mail address judges it (the rule a browser's `<input type=email>`
/// applies: ASCII letters, digits, dots and ``!#$%&'*+/=?^_`{|}~-``). A domain label takes
/// letters of any script (internationalised domains); none is empty or edged with a hyphen, so
/// no dot leads, trails or is doubled.
enum EmailAddress {
  /// The most characters an address has (RFC 5321's path limit).
  static let maxLength = 254
  /// The most characters before `@` (RFC 5321's local-part limit).
  static let maxLocalLength = 64
  /// What marks `email.tooLong` as being about the part before `@`.
  static let localPartParam = FieldError.Param("part", .string("local"))

  /// Why `address` (trimmed, not empty) is no address, or nil when it is one: too long in all,
  /// too long before `@`, or `email.invalid`.
  static func error(in address: Substring) -> FieldError? {
    guard address.count <= maxLength else {
      return tooLong(max: maxLength, part: "address")
    }
    let parts = address.split(separator: "@", omittingEmptySubsequences: false)
    guard parts.count == 2 else { return FieldError(.emailInvalid) }
    guard parts[0].count <= maxLocalLength else {
      return tooLong(max: maxLocalLength, part: "local")
    }
    return isValidLocalPart(parts[0]) && isValidDomain(parts[1]) ? nil : FieldError(.emailInvalid)
  }

  private static func tooLong(max: Int, part: String) -> FieldError {
    FieldError(
      .emailTooLong, [FieldError.Param("max", .int(Int64(max))), .init("part", .string(part))])
  }

  /// WHATWG's `1*( atext / "." )`: dots anywhere, as that rule allows them.
  private static func isValidLocalPart(_ local: Substring) -> Bool {
    !local.isEmpty && local.utf8.allSatisfy(isLocalByte)
  }

  /// RFC 5322's atext symbols, and the dot.
  private static let localSymbols = Array(".!#$%&'*+/=?^_`{|}~-".utf8)

  private static func isLocalByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"):
      return true
    default:
      return localSymbols.contains(byte)
    }
  }

  private static func isValidDomain(_ domain: Substring) -> Bool {
    let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
    guard labels.count >= 2, let topLevel = labels.last, topLevel.count >= 2,
      topLevel.allSatisfy({ $0.isLetter })
    else { return false }
    return labels.allSatisfy(isValidLabel)
  }

  private static func isValidLabel(_ label: Substring) -> Bool {
    guard (1...63).contains(label.count), label.first != "-", label.last != "-" else {
      return false
    }
    // A ZWJ or ZWNJ (the only format characters a domain keeps) is valid in a name only where
    // IDNA's CONTEXTJ rule allows it, by script and joining type: more than a form can check,
    // so such an address is invalid, never read as the one without it.
    guard !label.unicodeScalars.contains(where: FormatCharacters.contains) else { return false }
    return label.allSatisfy { $0.isLetter || ("0"..."9").contains($0) || $0 == "-" }
  }
}

/// The kind's error codes, each with its message in every shipped language.
extension ErrorCode {
  package static let emailRequired = ErrorCode(
    "email.required",
    LocalizedText(en: "Enter a valid email address", pl: "Wpisz poprawny adres e-mail"))
  package static let emailInvalid = ErrorCode(
    "email.invalid",
    LocalizedText(en: "Enter a valid email address", pl: "Wpisz poprawny adres e-mail"))
  package static let emailTooLong = ErrorCode(
    "email.tooLong",
    LocalizedText(
      en: "An email address has at most {max} characters",
      pl: "Adres e-mail może mieć najwyżej {max} znaki"),
    variants: [
      (
        EmailAddress.localPartParam,
        LocalizedText(
          en: "The part before @ has at most {max} characters",
          pl: "Część przed @ może mieć najwyżej {max} znaki")
      )
    ])
}
