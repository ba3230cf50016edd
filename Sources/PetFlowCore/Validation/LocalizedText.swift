/// A text in one or more languages: a label, a title, a message.
///
/// Built-in texts are in every language of ``Language/shipped``; asked for a language it does not
/// hold, a text answers in English, else in the first language it was given.
public struct LocalizedText: Sendable, Equatable, ExpressibleByDictionaryLiteral {
  /// The texts in the order given. A list of pairs rather than a dictionary: a text holds two or
  /// three languages, for which a scan of one-word comparisons beats hashing, building one costs a
  /// single allocation (the kinds' static texts are built at start-up), and "the first text" to
  /// fall back to is the one its author put first.
  @usableFromInline let texts: [(language: Language, text: String)]

  /// A text in English and Polish, the languages petflowd ships.
  public init(en: String, pl: String) {
    texts = [(.en, en), (.pl, pl)]
  }

  /// A text in each language given, in that order; a language given twice keeps its first text.
  public init(_ texts: [(Language, String)]) {
    var kept: [(language: Language, text: String)] = []
    kept.reserveCapacity(texts.count)
    for (language, text) in texts where !kept.contains(where: { $0.language == language }) {
      kept.append((language, text))
    }
    self.texts = kept
  }

  /// `[.en: "Dog", .pl: "Pies"]`, in that order.
  public init(dictionaryLiteral texts: (Language, String)...) {
    self.init(texts)
  }

  /// The languages it holds, in the order given.
  public var languages: [Language] { texts.map { $0.language } }

  /// The text in `language`, nil when it holds none in it.
  public subscript(language: Language) -> String? {
    texts.first { $0.language == language }?.text
  }

  /// The text in `language`; else in English; else the first text (empty for a text of none).
  /// Inlinable: a flow step's answer looks up a text for every label, hint and option, and a call
  /// into this module for each cost 0.8% of a flow/next and back.
  @inlinable public func text(in language: Language) -> String {
    for entry in texts where entry.language == language { return entry.text }
    return fallbackText
  }

  /// The text in English, else the first.
  @usableFromInline var fallbackText: String {
    self[.en] ?? texts.first?.text ?? ""
  }

  /// The same texts in each language, whatever their order.
  public static func == (lhs: LocalizedText, rhs: LocalizedText) -> Bool {
    lhs.texts.count == rhs.texts.count
      && lhs.texts.allSatisfy { rhs[$0.language] == $0.text }
  }
}
