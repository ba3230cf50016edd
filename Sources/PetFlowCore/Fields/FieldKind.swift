/// What every kind answers, from its declaration: the enum itself (its cases and `declaration`) is
/// written by scripts/generate-lists from the declarations in `Kinds/` (FieldKindCases.swift).
extension FieldKind {
  /// A kind whose values only a flow's field declares (`choice`): the field methods, which have
  /// no flow, do not take it.
  public var isDeclaredByFlow: Bool { self == .choice }

  /// The kind's label in `language` ("Microchip number"), for a field whose flow gives none.
  public func label(in language: Language) -> String { declaration.label.text(in: language) }

  /// What a person should type ("For example, 52.2297"); empty when the label says it all.
  public func hint(in language: Language) -> String { declaration.hint.text(in: language) }

  /// Shown in an empty control: a mask (`00000-00000-00000`, `YYYY-MM-DD`), never an example
  /// that reads as an answer; empty for most kinds.
  public func placeholder(in language: Language) -> String {
    declaration.placeholder?.text(in: language) ?? ""
  }

  /// The on-screen keyboard the kind wants (`keyboardType` on iOS).
  public var keyboard: Keyboard { declaration.keyboard }

  /// The chip number's and free text's hard cap; for the other kinds the length of the longest
  /// valid value, a hint for the control's size, not a cap; nil when nothing says.
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

/// Everything a field kind is, stated once: what a UI draws it from, how it is edited and read.
/// Each kind's declaration is in its own file (`Kinds/`), with the grammar it is read by; what can
/// be derived (the chip number's 15 digits and `00000-00000-00000` from its mask, a date's
/// `YYYY-MM-DD`) is derived, never written again beside it. A class, so that asking a kind for its
/// declaration on every keystroke lends one reference rather than copying its texts and lists.
final class KindDeclaration: Sendable {
  /// How a kind is edited and what typing keeps.
  enum Editing: Sendable {
    /// The chip number: a mask of digits, everything else filtered out, capped (the seeds').
    case digitMask(DigitMask)
    /// Everything typed is kept but what cannot change the value, and judged as it stands.
    case kept(KeptGrammar)
    /// The string itself, a grapheme cluster at a time.
    case freeText(FreeTextGrammar)
    /// Not typed: set whole (a photo's metadata).
    case none
  }

  // What each means is said on `FieldKind`'s accessor of the same name.
  let label: LocalizedText
  let hint: LocalizedText
  let placeholder: LocalizedText?
  let keyboard: Keyboard
  let editing: Editing
  let maxLength: Int?
  /// The error of an empty required field.
  let required: FieldError
  /// Every error code the kind reports, each with its messages (its file's `extension ErrorCode`):
  /// the codes protocol.md's table and the clients' lists are generated from.
  let codes: [ErrorCode]
  let options: [FieldOption]
  /// Values a person may type, each valid (the inputs the path proof, the fuzz targets and the
  /// property tests ask for); a kind with options has its options' ids instead.
  let examples: [String]

  init(
    label: LocalizedText, hint: LocalizedText, placeholder: LocalizedText? = nil,
    keyboard: Keyboard, editing: Editing, longestValue: Int? = nil, required: FieldError,
    codes: [ErrorCode], options: [FieldOption] = [], examples: [String] = []
  ) {
    self.label = label
    self.hint = hint
    self.keyboard = keyboard
    self.editing = editing
    self.required = required
    self.codes = codes
    self.options = options
    self.examples = examples
    switch editing {
    case .digitMask(let mask):
      let pattern = mask.pattern.description
      self.placeholder = placeholder ?? LocalizedText(en: pattern, pl: pattern)
      maxLength = mask.digitLimit
    case .kept, .freeText, .none:
      self.placeholder = placeholder
      maxLength = longestValue
    }
  }
}

/// The on-screen keyboard a kind wants: the names of iOS's keyboard types, and the HTML
/// `inputmode` (which Android's input types mirror) for each.
public enum Keyboard: String, Sendable {
  /// Digits only (the chip number, the age, the date).
  case numberPad
  /// Digits and `+`, for phone numbers.
  case phonePad
  /// Digits and the decimal separator (coordinates).
  case decimalPad
  /// Letters with `@` and `.` at hand.
  case emailAddress
  /// The ordinary keyboard (free text, a typed choice).
  case `default`
  /// No keyboard: the field is not typed into (a photo).
  case none

  /// The HTML `inputmode` that matches: `numeric`, `tel`, `decimal`, `email`, `text`, `none`.
  public var inputMode: String {
    switch self {
    case .numberPad: return "numeric"
    case .phonePad: return "tel"
    case .decimalPad: return "decimal"
    case .emailAddress: return "email"
    case .default: return "text"
    case .none: return "none"
    }
  }
}

/// What a flow or a request says about one field, beyond its kind.
public struct FieldOptions: Sendable, Equatable {
  /// Whether an empty field is an error (its kind's `required` code, such as `date.required`).
  public var required: Bool = false
  /// The `text` kind's hard cap in grapheme clusters; no other kind reads it.
  public var maxLength: Int64? = nil
  /// The options of a `choice` field, which its flow declares; no other kind reads them.
  public var choices: [FieldOption] = []

  /// Options as a flow's field states them; the defaults ask nothing.
  public init(required: Bool = false, maxLength: Int64? = nil, choices: [FieldOption] = []) {
    self.required = required
    self.maxLength = maxLength
    self.choices = choices
  }
}

/// Per-session facts a field needs: today's date, the message language, the offset encoding.
public struct FieldContext: Sendable {
  /// The date dates are judged against (the app's calendar: the library reads no clock).
  public var today: CalendarDate
  /// The language of messages, labels and hints.
  public var language: Language
  /// How offsets count: UTF-16 code units for UIKit and `NSRange`.
  public var encoding: PositionEncoding

  /// The facts for `today`, English messages and UTF-16 offsets unless given.
  public init(today: CalendarDate, language: Language = .en, encoding: PositionEncoding = .utf16) {
    self.today = today
    self.language = language
    self.encoding = encoding
  }
}
