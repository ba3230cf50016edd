/// What the free-text kinds' text means: an email address (trimmed), text itself, or the option
/// of a list it names.
enum FreeTextGrammar: Sendable {
  case email
  case text
  /// One of a list of options; text that names none is the list's `unknown` (with
  /// `params.allowed`).
  case choice(ChoiceList)
  /// One of the options the flow's field declares (`FieldOptions.choices`), named by its id;
  /// text that names none is `choice.unknown` (with `params.allowed`).
  case declaredChoice

  /// The hard cap typing keeps to, in grapheme clusters: only `text` has one, from its options.
  func cap(_ options: FieldOptions) -> Int? {
    switch self {
    case .text: return options.maxLength.map { Int(clamping: max(0, $0)) }
    case .email, .choice, .declaredChoice: return nil
    }
  }

  /// The text's value, judged whole; empty when only whitespace (and format characters).
  func read(_ given: String, options fieldOptions: FieldOptions) -> FieldReading {
    let text = judged(given)
    switch self {
    case .email:
      let address = Whitespace.trimmed(text)
      guard !address.isEmpty else { return .empty }
      if let error = EmailAddress.error(in: address) { return .invalid(error) }
      return FieldReading(value: .string(String(address)))
    case .text:
      return FormatCharacters.isBlank(text) ? .empty : FieldReading(value: .string(text))
    case .choice(let list):
      let options = list.options
      // Stored as its id, whichever way it was named: "Pies" and " dog " are "dog".
      if let option = FieldOption.matching(text, in: options) {
        return FieldReading(value: .string(option.id))
      }
      guard !Whitespace.trimmed(text).isEmpty else { return .empty }
      return .invalid(
        FieldError(list.unknown, [FieldError.Param("allowed", .strings(options.map { $0.id }))]))
    case .declaredChoice:
      // By id alone (labels are the flow's, and may change): " yes " is "yes".
      let id = Whitespace.trimmed(text)
      guard !id.isEmpty else { return .empty }
      let choices = fieldOptions.choices
      guard choices.contains(where: { $0.id == id }) else {
        return .invalid(
          FieldError(.choiceUnknown, [FieldError.Param("allowed", .strings(choices.map { $0.id }))])
        )
      }
      return FieldReading(value: .string(String(id)))
    }
  }

  /// The text as it is judged: free `text` keeps format characters (an emoji's ZWJ sequences
  /// among them); the other kinds leave them out, but for the ZWJ and ZWNJ of an email domain.
  private func judged(_ text: String) -> String {
    switch self {
    case .text: return text
    case .email: return FormatCharacters.removed(from: text, keepingJoinersInDomain: true)
    case .choice, .declaredChoice: return FormatCharacters.removed(from: text)
    }
  }

  /// Whether typing `inserted` after `head` asks for nothing: format characters alone, which
  /// the kind leaves out, are refused as a space typed into a mask is (never for free `text`,
  /// nor for a ZWJ or ZWNJ typed into an email domain, which stays and is judged).
  func ignores(_ inserted: String, after head: Substring) -> Bool {
    guard FormatCharacters.isOnlyFormat(inserted) else { return false }
    switch self {
    case .text: return false
    case .email:
      return !head.unicodeScalars.contains("@")
        || !inserted.unicodeScalars.contains {
          $0 == FormatCharacters.zeroWidthJoiner || $0 == FormatCharacters.zeroWidthNonJoiner
        }
    case .choice, .declaredChoice: return true
    }
  }
}
