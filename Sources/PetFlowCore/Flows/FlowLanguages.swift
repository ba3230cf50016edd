/// The languages a flow file answers in, and its texts for the kinds in a language petflowd does
/// not ship (its `translations`): each text found by a key the kind's declaration implies, so
/// that the keys a translation needs are never listed by hand (protocol.md's list is generated
/// from `FieldKind.translationKeys`).
extension FieldKind {
  /// The key of the kind's hint: `hint.phone`.
  package var hintKey: String { "hint." + rawValue }
  /// The key of the kind's placeholder: `placeholder.date`.
  package var placeholderKey: String { "placeholder." + rawValue }
  /// The key of one of the kind's options' label: `option.species.dog`.
  package func optionKey(_ id: String) -> String { "option." + rawValue + "." + id }
  /// The key of a month's name in a date's messages: `month.1` to `month.12`.
  package static func monthKey(_ month: Int) -> String { "month." + String(month) }

  /// Every key a translation gives for the kind: its hint (unless empty), its placeholder (when it has one),
  /// its options' labels, each code's message by code (a variant as `CODE.VALUE`, its param's
  /// value: `email.tooLong.local`) and, where its messages name months, their names.
  package var translationKeys: [String] {
    // A kind whose hint is empty (text: its label says it all) has none to translate.
    var keys = declaration.hint.text(in: .en).isEmpty ? [] : [hintKey]
    if declaration.placeholder != nil { keys.append(placeholderKey) }
    keys += options.map { optionKey($0.id) }
    for code in declaration.codes {
      keys.append(code.rawValue)
      keys += code.variants.map { code.translationKey(of: $0.param) }
    }
    if namesMonths { keys += (1...12).map(Self.monthKey) }
    return keys
  }

  /// Keys every translation gives, whatever kinds its file uses: `field.invalid`, which any
  /// field reports for a value of the wrong JSON type.
  package static var commonTranslationKeys: [String] { [ErrorCode.fieldInvalid.rawValue] }

  /// The `{param}` names a translation of `key` may use: those of its code's own messages (none
  /// for a hint, a placeholder, a label or a month).
  package static func translationParams(ofKey key: String) -> Set<String> {
    for code in ErrorCode.allCases {
      if code.rawValue == key { return code.paramNames(of: code.message) }
      for variant in code.variants where code.translationKey(of: variant.param) == key {
        return code.paramNames(of: variant.message)
      }
    }
    return []
  }
}

extension ErrorCode {
  /// A variant's key: the code and its param's value (`email.tooLong.local`).
  func translationKey(of param: FieldError.Param) -> String {
    rawValue + "." + param.value.text(in: .en)
  }

  /// The `{name}`s of `message` in every language it holds.
  func paramNames(of message: LocalizedText) -> Set<String> {
    var names: Set<String> = []
    for language in message.languages {
      names.formUnion(LocalizedText.placeholders(in: message.text(in: language)))
    }
    return names
  }
}

extension LocalizedText {
  /// The names between `{` and `}` in `template`, as `FieldError` fills them.
  package static func placeholders(in template: String) -> [String] {
    template.split(separator: "{", omittingEmptySubsequences: false).dropFirst().compactMap {
      piece in piece.firstIndex(of: "}").map { String(piece[..<$0]) }
    }
  }
}

/// A flow's texts for the kinds, by key, in each language the file translates.
package struct FlowTranslations: Sendable {
  let byLanguage: [Language: [String: String]]

  package init(_ byLanguage: [Language: [String: String]]) { self.byLanguage = byLanguage }

  package var isEmpty: Bool { byLanguage.isEmpty }

  /// The texts of `language`, nil when the file translates none into it.
  package func texts(in language: Language) -> [String: String]? {
    byLanguage.isEmpty ? nil : byLanguage[language]
  }
}

extension FlowDefinition {
  /// The language a flow answers in when the session asks for `asked`: that one where its file
  /// declares it, else the file's first.
  @_spi(Engine) @inlinable public func language(answering asked: Language) -> Language {
    for language in languages where language == asked { return language }
    return languages.first ?? asked
  }

  /// The file's texts for the kinds in `language`; nil for a shipped language (or none given).
  package func kindTexts(in language: Language) -> [String: String]? {
    translations.texts(in: language)
  }
}

extension FieldKind {
  /// The hint in `language`, from a flow's `texts` for the kinds where it gives it.
  package func hint(in language: Language, texts: [String: String]?) -> String {
    texts?[hintKey] ?? hint(in: language)
  }

  package func placeholder(in language: Language, texts: [String: String]?) -> String {
    guard declaration.placeholder != nil else { return "" }
    return texts?[placeholderKey] ?? placeholder(in: language)
  }

  package func label(of option: FieldOption, in language: Language, texts: [String: String]?)
    -> String
  {
    texts?[optionKey(option.id)] ?? option.label(in: language)
  }
}

extension FieldError {
  /// The message in `language` from a flow's `texts` for the kinds, where they word its code
  /// (its months named by them too); else as `message(in:)` has it.
  package func message(in language: Language, texts: [String: String]?) -> String {
    guard let texts, errorCode != .rule, let template = texts[translationKey] else {
      return message(in: language)
    }
    return fill(template, in: language, texts: texts)
  }

  /// The key of its message in a translation: the code, or a variant's key.
  var translationKey: String {
    for variant in errorCode.variants where params.contains(variant.param) {
      return errorCode.translationKey(of: variant.param)
    }
    return errorCode.rawValue
  }
}
