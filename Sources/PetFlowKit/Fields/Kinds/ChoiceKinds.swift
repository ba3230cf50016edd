/// The choice kinds, species and gender: one of a list of options, each a stable id with a label
/// in every language. Typed or chosen, the text names an option by its id or by a label.
extension KindDeclaration {
  static let species = KindDeclaration(
    label: LocalizedText(en: "Species", pl: "Gatunek"),
    hint: LocalizedText(en: "Choose from the list", pl: "Wybierz z listy"),
    keyboard: .default, editing: .freeText(.choice(.species)),
    required: FieldError(.speciesRequired), options: FieldOption.species)
  static let gender = KindDeclaration(
    label: LocalizedText(en: "Gender", pl: "Płeć"),
    hint: LocalizedText(en: "Choose from the list", pl: "Wybierz z listy"),
    keyboard: .default, editing: .freeText(.choice(.genders)),
    required: FieldError(.genderRequired), options: FieldOption.genders)
}

/// The lists of options the choice kinds are read against, and the code of text that names
/// none of them. Named rather than held, so that a kind's editing is copied for free.
enum ChoiceList: Sendable {
  case species
  case genders

  var options: [FieldOption] { self == .species ? FieldOption.species : FieldOption.genders }
  var unknown: ErrorCode { self == .species ? .speciesUnknown : .genderUnknown }
}

/// One choice of a species or gender field: a stable id and its label in each locale.
public struct FieldOption: Sendable {
  public let id: String
  let label: LocalizedText

  init(_ id: String, en: String, pl: String) {
    self.id = id
    label = LocalizedText(en: en, pl: pl)
  }

  public func label(in locale: Locale) -> String { label.text(in: locale) }

  static let species = [
    FieldOption("dog", en: "Dog", pl: "Pies"), FieldOption("cat", en: "Cat", pl: "Kot"),
    FieldOption("bird", en: "Bird", pl: "Ptak"), FieldOption("rabbit", en: "Rabbit", pl: "Królik"),
    FieldOption("rodent", en: "Rodent", pl: "Gryzoń"),
    FieldOption("reptile", en: "Reptile", pl: "Gad"), FieldOption("other", en: "Other", pl: "Inny"),
  ]
  static let genders = [
    FieldOption("male", en: "Male", pl: "Samiec"),
    FieldOption("female", en: "Female", pl: "Samica"),
    FieldOption("unknown", en: "Unknown", pl: "Nieznana"),
  ]

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
