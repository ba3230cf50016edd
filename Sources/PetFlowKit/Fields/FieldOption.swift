/// One choice of a species or gender field: a stable id and its label in each locale.
public struct FieldOption: Equatable, Sendable {
  public let id: String
  /// Where the labels live in the catalog.
  private let group: String

  init(_ id: String, group: String) {
    self.id = id
    self.group = group
  }

  public func label(in locale: Locale) -> String {
    MessageCatalog.template("option.\(group).\(id)", in: locale)
  }

  static let species = ["dog", "cat", "bird", "rabbit", "rodent", "reptile", "other"].map {
    FieldOption($0, group: "species")
  }
  static let genders = ["male", "female", "unknown"].map { FieldOption($0, group: "gender") }

  /// The option `text` names, ignoring case and surrounding whitespace: its id or its label in
  /// any locale ("Dog", "pies"). Nil when it names none.
  static func matching(_ text: String, in options: [FieldOption]) -> FieldOption? {
    let trimmed = Whitespace.trimmed(text)
    // No id or label is near this long; the cap keeps a pasted essay from being lowercased.
    guard !trimmed.isEmpty, trimmed.utf8.count <= 64 else { return nil }
    let wanted = trimmed.lowercased()
    return options.first { option in
      option.id == wanted
        || Locale.allCases.contains { option.label(in: $0).lowercased() == wanted }
    }
  }
}
