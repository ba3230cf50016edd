import JSONRPC
import PetFlowCore

/// A flow file's `languages` and `translations`: the languages its texts are in, the first
/// answering for any other, and its texts for the kinds in those petflowd does not ship, each by
/// a key its kind's declaration implies (`FieldKind.translationKeys`).
extension FlowFileReader {
  /// `["en", "pl", "de"]`: BCP 47 primary language subtags, as written in lower case, each once;
  /// by default the shipped languages.
  mutating func languages(_ node: Node?) -> [Language] {
    guard
      let nodes = reading.array(node, "'languages'", nonEmpty: true, limit: FlowLimits.languages)
    else { return Language.shipped }
    var languages: [Language] = []
    for node in nodes {
      guard let tag = reading.string(node, "a language") else { continue }
      guard let language = Language(tag), language.code == tag else {
        let primary = Language(tag).map { "; did you mean '\($0.code)'?" } ?? ""
        reading.report(
          .languageTag, at: node.pointer,
          "'\(tag)' is not a BCP 47 primary language subtag (2, 3 or 5 to 8 lower-case letters, such as 'de'; a region or a script is the session locale's, not the file's)"
            + primary)
        continue
      }
      if languages.contains(language) {
        reading.report(.languageTag, at: node.pointer, "'\(tag)' is listed twice in 'languages'")
        continue
      }
      languages.append(language)
    }
    return languages.isEmpty ? Language.shipped : languages
  }

  /// `{"de": {"hint.phone": "…", "phone.tooShort": "…", …}}`: for each declared language
  /// petflowd does not ship, a text for every key of every kind the file uses (one
  /// `missing-translation` problem per language and kind), no unknown key, and messages that
  /// name only their code's params.
  mutating func translations(_ node: Node?, of draft: FlowDraft, languagesNode: Node?)
    -> FlowTranslations
  {
    let declared = draft.languages.filter { !Language.shipped.contains($0) }
    var byLanguage: [Language: [String: String]] = [:]
    var pointers: [Language: JSONPointer] = [:]
    if let node {
      if case .object(let object) = node.value {
        for (place, member) in object.members.enumerated() {
          let pointer = node.pointer.member(member.name, at: place)
          // Its form before its language, as a text's: the schema, which cannot read the
          // file's languages, refuses the same files.
          guard case .object(let translations) = member.value else {
            reading.report(
              .type, at: pointer,
              "the translations into '\(member.name)' must be an object of texts by key, not \(FileReading.typeName(member.value))"
            )
            continue
          }
          guard let language = translatedLanguage(member.name, at: pointer, declared: declared)
          else { continue }
          if byLanguage[language] != nil {
            reading.report(
              .duplicateKey, at: pointer, "'\(member.name)' is given twice in 'translations'")
          }
          pointers[language] = pointer
          byLanguage[language] = texts(translations, at: pointer, language)
        }
      } else {
        reading.report(
          .type, at: node.pointer,
          "'translations' must be an object of kinds' texts by language, not \(FileReading.typeName(node.value))"
        )
      }
    }
    let used = FieldKind.allCases.filter { kind in
      draft.steps.contains { step in step.fields.contains { $0.kind == kind } }
    }
    for language in declared {
      let texts = byLanguage[language] ?? [:]
      let place = pointers[language] ?? node?.pointer ?? languagesNode?.pointer ?? .root
      var needed = FieldKind.commonTranslationKeys.filter { texts[$0] == nil }
      if !needed.isEmpty {
        reportMissing(needed, of: "the texts any field needs", language: language, at: place)
      }
      for kind in used {
        needed = kind.translationKeys.filter { texts[$0] == nil }
        guard !needed.isEmpty else { continue }
        reportMissing(
          needed, of: "the \(kind.translationKeys.count) texts of \(kind.rawValue) fields",
          language: language, at: place)
      }
    }
    return FlowTranslations(byLanguage)
  }

  /// Every key a translation may give.
  static let knownKeys =
    FieldKind.commonTranslationKeys + FieldKind.allCases.flatMap { $0.translationKeys }

  /// The language a `translations` member names, when the file declares it and petflowd does not
  /// ship it; nil (and an `unknown-locale` problem) otherwise.
  private mutating func translatedLanguage(
    _ name: String, at pointer: JSONPointer, declared: [Language]
  ) -> Language? {
    if let shipped = Language.shipped.first(where: { $0.code == name }) {
      reading.report(
        .unknownLocale, at: pointer,
        "petflowd ships the kinds' texts in '\(shipped.code)': translations are for the file's other languages"
      )
      return nil
    }
    guard let language = declared.first(where: { $0.code == name }) else {
      let codes = declared.map { $0.code }
      reading.report(
        .unknownLocale, at: pointer,
        "'\(name)' is not one of the file's languages that petflowd does not ship ("
          + (codes.isEmpty ? "none" : codes.joined(separator: ", "))
          + "); 'languages' lists them" + NearestName.suggestion(for: name, among: codes))
      return nil
    }
    return language
  }

  /// One language's texts by key (`object`, at `base`, whose form the caller judged).
  private mutating func texts(_ object: JSONObject, at base: JSONPointer, _ language: Language)
    -> [String: String]
  {
    var texts: [String: String] = [:]
    for (place, member) in object.members.enumerated() {
      let pointer = base.member(member.name, at: place)
      let key = member.name
      if texts[key] != nil {
        reading.report(.duplicateKey, at: pointer, "'\(key)' is given twice in '\(language.code)'")
      }
      // Its form first, as the schema judges it; then its key.
      guard case .string(let text) = member.value else {
        reading.report(.type, at: pointer, "the translation of '\(key)' must be a string")
        continue
      }
      if text.allSatisfy({ $0.isWhitespace }) {
        reading.report(.emptyText, at: pointer, "the translation of '\(key)' is empty")
      }
      guard Self.knownKeys.contains(key) else {
        reading.report(
          .unknownTranslation, at: pointer,
          "'\(key)' is no kind's text; keys are CODE, hint.KIND, placeholder.KIND, option.KIND.ID and month.1 to month.12 (protocol.md lists them)"
            + NearestName.suggestion(for: key, among: Self.knownKeys))
        continue
      }
      let params = FieldKind.translationParams(ofKey: key)
      for name in LocalizedText.placeholders(in: text) where !params.contains(name) {
        let known = params.sorted().map { "{\($0)}" }
        reading.report(
          .translationParam, at: pointer,
          "'{\(name)}' is no param of '\(key)'; "
            + (known.isEmpty ? "it has none" : "its params are \(known.joined(separator: ", "))")
            + NearestName.suggestion(for: name, among: params.sorted()))
      }
      texts[key] = text
    }
    return texts
  }

  /// `missing-translation`: how many of a kind's texts a language lacks, and the first keys.
  private mutating func reportMissing(
    _ keys: [String], of owner: String, language: Language, at pointer: JSONPointer
  ) {
    let shown = keys.prefix(4).map { "'\($0)'" }.joined(separator: ", ")
    let more = keys.count > 4 ? " and \(keys.count - 4) more" : ""
    reading.report(
      .missingTranslation, at: pointer,
      "'\(language.code)' lacks \(keys.count) of \(owner): \(shown)\(more)")
  }
}
