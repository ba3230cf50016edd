/// The email kind: an address as typed, judged trimmed of surrounding whitespace. Typing keeps
/// every character: an address over 254 characters stays, with `email.tooLong`.
extension KindDeclaration {
  static let email = KindDeclaration(
    label: LocalizedText(en: "Email", pl: "Adres e-mail"),
    hint: LocalizedText(
      en: "The address replies should go to", pl: "Adres, na który przyjdzie odpowiedź"),
    keyboard: .emailAddress, editing: .freeText(.email), longestValue: EmailAddress.maxLength,
    required: FieldError(.emailRequired))
}

/// A pragmatic email check, the rule a contact form needs rather than RFC 5322. A domain label
/// takes letters of any script (internationalised domains); none is empty or edged with a
/// hyphen, so no dot leads, trails or is doubled.
enum EmailAddress {
  /// The most characters an address has (RFC 5321's path limit).
  static let maxLength = 254

  static func isValid(_ address: Substring) -> Bool {
    guard address.count <= maxLength else { return false }
    let parts = address.split(separator: "@", omittingEmptySubsequences: false)
    guard parts.count == 2 else { return false }
    return isValidLocalPart(parts[0]) && isValidDomain(parts[1])
  }

  private static func isValidLocalPart(_ local: Substring) -> Bool {
    (1...64).contains(local.count)
      && !local.unicodeScalars.contains {
        $0.properties.isWhitespace || $0.properties.generalCategory == .control
      }
  }

  private static func isValidDomain(_ domain: Substring) -> Bool {
    let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
    guard labels.count >= 2, let topLevel = labels.last, topLevel.count >= 2,
      topLevel.allSatisfy(\.isLetter)
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
