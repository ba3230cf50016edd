/// The choice kinds: species and gender, one of a list of options, each a stable id with a label
/// in every language, the text naming an option by its id or by a label; and choice, one of the
/// options a flow's field declares, named by its id.
extension KindDeclaration {
  /// The animal's species, one of a fixed list (`dog`, `cat`, …) named by id or label.
  static let species = KindDeclaration(
    label: LocalizedText(en: "Species", pl: "Gatunek"),
    hint: LocalizedText(en: "Choose from the list", pl: "Wybierz z listy"),
    keyboard: .default, editing: .freeText(.choice(.species)),
    required: FieldError(.speciesRequired),
    codes: [.speciesRequired, .speciesUnknown], options: FieldOption.species)
  /// The animal's sex, one of a fixed list named by id or label.
  static let gender = KindDeclaration(
    label: LocalizedText(en: "Gender", pl: "Płeć"),
    hint: LocalizedText(en: "Choose from the list", pl: "Wybierz z listy"),
    keyboard: .default, editing: .freeText(.choice(.genders)),
    required: FieldError(.genderRequired),
    codes: [.genderRequired, .genderUnknown], options: FieldOption.genders)
  /// One of the options a flow's field declares (``FieldOptions/choices``), named by its id:
  /// a step lists them with it.
  static let choice = KindDeclaration(
    label: LocalizedText(en: "Choice", pl: "Wybór"),
    hint: LocalizedText(en: "Choose one of the options", pl: "Wybierz jedną z opcji"),
    keyboard: .default, editing: .freeText(.declaredChoice), required: FieldError(.choiceRequired),
    codes: [.choiceRequired, .choiceUnknown])
}

/// The lists of options the choice kinds are read against, and the code of text that names
/// none of them. Named rather than held, so that a kind's editing is copied for free.
enum ChoiceList: Sendable {
  case species
  case genders

  var options: [FieldOption] { self == .species ? FieldOption.species : FieldOption.genders }
  var unknown: ErrorCode { self == .species ? .speciesUnknown : .genderUnknown }
}

/// One choice of a species, gender or choice field: a stable id and its label in each language.
public struct FieldOption: Sendable, Equatable {
  /// The stable id a flow stores and a payload carries (`dog`).
  public let id: String
  /// What a list shows for it, in each language.
  public let label: LocalizedText

  /// A choice field's option, as its flow declares it.
  public init(id: String, label: LocalizedText) {
    self.id = id
    self.label = label
  }

  init(_ id: String, en: String, pl: String) {
    self.init(id: id, label: LocalizedText(en: en, pl: pl))
  }

  /// The label in `language`.
  public func label(in language: Language) -> String { label.text(in: language) }

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
  /// any language ("Dog", "pies"). Nil when it names none.
  static func matching(_ text: String, in options: [FieldOption]) -> FieldOption? {
    let trimmed = Whitespace.trimmed(text)
    // No id or label is near this long; the cap keeps a pasted essay from being lowercased.
    guard !trimmed.isEmpty, trimmed.utf8.count <= 64 else { return nil }
    let wanted = trimmed.lowercased()
    return options.first { option in
      option.id == wanted
        || Language.shipped.contains { option.label(in: $0).lowercased() == wanted }
    }
  }
}

/// The kind's error codes, each with its message in every shipped language.
extension ErrorCode {
  package static let speciesRequired = ErrorCode(
    "species.required", LocalizedText(en: "Please select a species", pl: "Wybierz gatunek"))
  package static let speciesUnknown = ErrorCode(
    "species.unknown",
    LocalizedText(en: "Choose a species from the list", pl: "Wybierz gatunek z listy"))
  package static let genderRequired = ErrorCode(
    "gender.required", LocalizedText(en: "Please select a gender", pl: "Wybierz płeć"))
  package static let genderUnknown = ErrorCode(
    "gender.unknown", LocalizedText(en: "Choose a gender from the list", pl: "Wybierz płeć z listy")
  )
  package static let choiceRequired = ErrorCode(
    "choice.required", LocalizedText(en: "Please select an option", pl: "Wybierz opcję"))
  package static let choiceUnknown = ErrorCode(
    "choice.unknown",
    LocalizedText(en: "Choose one of the listed options", pl: "Wybierz jedną z podanych opcji"))
}
