/// Looks up localized text by key and fills its `{name}` placeholders.
enum MessageCatalog {
  static func table(for locale: Locale) -> [String: String] {
    switch locale {
    case .en: return EnglishMessages.table
    case .pl: return PolishMessages.table
    }
  }

  /// The template for `key` in `locale`; English when the locale lacks it, the key when both do,
  /// so a missing entry shows up as text rather than as a crash.
  static func template(_ key: String, in locale: Locale) -> String {
    table(for: locale)[key] ?? EnglishMessages.table[key] ?? key
  }

  /// Replaces each `{name}` whose name is a parameter; other braces stay as written. One pass.
  static func fill(_ template: String, with params: [FieldError.Param]) -> String {
    guard !params.isEmpty, template.contains("{") else { return template }
    var result = ""
    var rest = template[...]
    while let open = rest.firstIndex(of: "{") {
      result += rest[..<open]
      let afterOpen = rest.index(after: open)
      guard let close = rest[afterOpen...].firstIndex(of: "}") else {
        rest = rest[open...]
        break
      }
      let name = rest[afterOpen..<close]
      if let param = params.first(where: { $0.name == name }) {
        result += param.value.text
      } else {
        result += rest[open...close]
      }
      rest = rest[rest.index(after: close)...]
    }
    result += rest
    return result
  }
}
