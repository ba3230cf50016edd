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
