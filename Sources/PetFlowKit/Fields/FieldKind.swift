/// The kinds of field petflowd formats and validates. Each is one declaration (`Kinds/`): a new
/// kind is a case here, its declaration, and its error codes in ErrorCode; every switch over
/// kinds is exhaustive, so nothing compiles until each place has said what the new one does.
public enum FieldKind: String, Sendable, CaseIterable {
  case chipNumber
  case phone
  case email
  case latitude
  case longitude
  case age
  case date
  case species
  case gender
  case text
  case photo

  var declaration: KindDeclaration {
    switch self {
    case .chipNumber: return .chipNumber
    case .phone: return .phone
    case .email: return .email
    case .latitude: return .latitude
    case .longitude: return .longitude
    case .age: return .age
    case .date: return .date
    case .species: return .species
    case .gender: return .gender
    case .text: return .text
    case .photo: return .photo
    }
  }

  // MARK: - What a UI draws a field from

  public func label(in locale: Locale) -> String { declaration.label.text(in: locale) }

  /// What a person should type ("For example, 52.2297"); empty when the label says it all.
  public func hint(in locale: Locale) -> String { declaration.hint.text(in: locale) }

  /// Shown in an empty control: a mask (`00000-00000-00000`, `YYYY-MM-DD`), never an example
  /// that reads as an answer; empty for most kinds.
  public func placeholder(in locale: Locale) -> String {
    declaration.placeholder?.text(in: locale) ?? ""
  }

  public var keyboard: Keyboard { declaration.keyboard }

  /// The chip number's and free text's hard cap; for the other kinds the length of the longest
  /// valid value, a hint for the control's size.
  public var maxLength: Int? { declaration.maxLength }

  /// The choices of species and gender; empty for other kinds.
  public var options: [FieldOption] { declaration.options }

  /// How the kind is edited, as field/list names it: `mask` (separators among significant
  /// characters), `freeText` (every character significant), `none` (not typed).
  public var editingName: String {
    switch declaration.editing {
    case .digitMask, .kept: return "mask"
    case .freeText: return "freeText"
    case .none: return "none"
    }
  }

  /// False for photo, which has no text to edit: it is set with flow values, never typed.
  public var isTextEdited: Bool {
    if case .none = declaration.editing { return false }
    return true
  }
}
