/// Everything a field kind is, stated once: what a UI draws it from, how it is edited and read.
/// Each kind's declaration is in its own file (`Kinds/`), with the grammar it is read by;
/// what can be derived (the chip number's 15 digits and `00000-00000-00000` from its mask, a
/// date's `YYYY-MM-DD`) is derived, never written again beside it. A class, so that asking a
/// kind for its declaration on every keystroke lends one reference rather than copying its
/// texts and lists.
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

  let label: LocalizedText
  /// What a person should type, shown under the label: never an example that reads as an answer.
  let hint: LocalizedText
  /// Shown in an empty control, only where it cannot be mistaken for an answer (a mask).
  let placeholder: LocalizedText?
  let keyboard: Keyboard
  let editing: Editing
  /// The chip number's and free text's hard cap; for the other kinds the length of the longest
  /// valid value, a hint for the control's size, not a cap. Nil when nothing says.
  let maxLength: Int?
  /// The error of an empty required field.
  let required: FieldError
  /// The choices of a species or gender field.
  let options: [FieldOption]

  init(
    label: LocalizedText, hint: LocalizedText, placeholder: LocalizedText? = nil,
    keyboard: Keyboard, editing: Editing, longestValue: Int? = nil, required: FieldError,
    options: [FieldOption] = []
  ) {
    self.label = label
    self.hint = hint
    self.keyboard = keyboard
    self.editing = editing
    self.required = required
    self.options = options
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
  case numberPad, phonePad, decimalPad, emailAddress
  case `default`
  case none

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
