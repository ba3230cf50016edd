/// What the rest of the code asks of a kind (the path proof, the reference checks, the fuzz
/// targets, the property tests), answered from its declaration: no code outside this folder
/// switches over the kinds, so a new kind is declared in one file and every caller already knows
/// what to ask of it.
extension FieldKind {
  /// The ids of the options a field of this kind is answered from: the flow field's own for
  /// `choice`, the kind's for species and gender; nil for a kind with no list of options.
  public func optionIds(_ options: FieldOptions) -> [String]? {
    if isDeclaredByFlow { return options.choices.map { $0.id } }
    return declaration.options.isEmpty ? nil : declaration.options.map { $0.id }
  }

  /// Valid values of this kind as a client sends them: its options' ids, a photo's metadata, or
  /// what a person may type (its declaration's examples). Empty for a `choice` field with no
  /// options.
  public func examples(_ options: FieldOptions) -> [FieldInput] {
    if let ids = optionIds(options) { return ids.map { .text($0) } }
    switch declaration.editing {
    case .none: return [.photo(PhotoGrammar.example)]
    case .digitMask, .kept, .freeText: return declaration.examples.map { .text($0) }
    }
  }

  /// How a flow file writes a value of this kind, when that is not the text a person types: said
  /// when a compared value is not one ("a JSON number"); nil when it is the text.
  public var storedForm: String? {
    switch declaration.editing {
    case .digitMask: return "its digits, as a string"
    case .kept, .freeText, .none:
      let today = FieldContext(today: CalendarDate.unixEpoch)
      for case .text(let text) in examples(FieldOptions()) {
        if let value = read(.text(text), options: FieldOptions(), context: today).value,
          case .number = Self.input(for: value)
        {
          return "a JSON number"
        }
      }
      return nil
    }
  }

  /// Whether typing keeps every character: all kinds but the chip number's digit mask and text
  /// under a cap, the seeds' two exceptions.
  public func keepsWhatIsTyped(_ options: FieldOptions) -> Bool {
    switch declaration.editing {
    case .digitMask: return false
    case .freeText(.text): return options.maxLength == nil
    case .kept, .freeText, .none: return true
    }
  }

  /// Whether typing `text` (separators, whitespace) leaves the value as it was: the digit mask
  /// drops everything but digits, a kind that keeps what is typed drops what its grammar leaves
  /// out (whitespace, a phone's punctuation), free text drops nothing.
  public func dropsWhenTyped(_ text: String) -> Bool {
    switch declaration.editing {
    case .digitMask: return text.unicodeScalars.allSatisfy { $0.properties.numericType != .decimal }
    case .kept(let grammar): return text.unicodeScalars.allSatisfy(grammar.drops)
    case .freeText, .none: return false
    }
  }
}

extension FieldKind {
  /// The codes of the kind's errors: those a flow file's `messages` may word for one field.
  public var errorCodes: [String] { declaration.codes.map { $0.rawValue } }
}
