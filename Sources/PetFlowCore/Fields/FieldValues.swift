/// Whole values: text or a value that arrives whole (field/validate, a flow value, an import),
/// read as the kind reads what a field shows; a stored value checked; a value displayed.
extension FieldKind {
  /// A whole value, read: the canonical value a flow stores, or the error that keeps it from
  /// having one (required-ness included). Text is read exactly as typing reads it; a number is
  /// read for coordinates and age. Only free text is cut, to its cap, as the seeds ask, and a
  /// coordinate rounded to six decimals.
  @_spi(Engine) public func read(_ input: FieldInput, options: FieldOptions, context: FieldContext)
    -> FieldReading
  {
    required(content(of: input, options: options, context: context), options)
  }

  private func content(of input: FieldInput, options: FieldOptions, context: FieldContext)
    -> FieldReading
  {
    switch (input, declaration.editing) {
    case (.null, _):
      return .empty
    case (.text(let text), .digitMask(let mask)):
      return mask.read(text)
    case (.text(let text), .kept(let grammar)):
      return grammar.read(KeptTextEditor.layout(text, grammar: grammar).cells, context: context)
    case (.text(let text), .freeText(let grammar)):
      let (kept, cut) = FreeTextEditor.limit(text, to: grammar.cap(options))
      var reading = grammar.read(kept, options: options)
      reading.adjusted = cut
      return reading
    case (.number(let parts), .kept(.coordinate(let axis))):
      return CoordinateGrammar.reading(
        negative: parts.negative, integer: parts.integer, fraction: parts.fraction ?? [],
        exponent: parts.exponent ?? 0, axis: axis)
    case (.number(let parts), .kept(.age)):
      return AgeGrammar.reading(
        negative: parts.negative, integer: parts.integer, fraction: parts.fraction ?? [],
        exponent: parts.exponent ?? 0)
    case (.photo(let photo), .none):
      return PhotoGrammar.read(photo)
    case (.number, _), (.bool, _), (.photo, _), (.text, .none):
      return .invalid(FieldError(.fieldInvalid))
    }
  }

  /// A value as a client says a flow stores it (field/validate's `value`, an import): exactly a
  /// stored value of the kind, or `field.invalid` (`"abc"` for an age, seven decimals: a flow
  /// stores only valid values). A number's or a photo's errors are its own (`7.5` for an age is
  /// `age.notWhole`: of the stored type, just not a value the kind allows), and so is a stored
  /// date's `date.inFuture` (a real day, only later than today). Null and `""` are empty.
  @_spi(Engine) public func readStored(
    _ input: FieldInput, options: FieldOptions, context: FieldContext
  )
    -> FieldReading
  {
    let reading = read(input, options: options, context: context)
    switch input {
    case .number, .photo:
      // Of the stored type: its error is its own.
      if reading.error != nil { return reading }
    case .null, .text, .bool:
      break
    }
    if reading.error == FieldError(.dateInFuture), case .text(let text) = input,
      CalendarDate(iso: text)?.description == text
    {
      return reading
    }
    guard let value = reading.value else {
      let isEmpty = reading.error == nil || reading.error == declaration.required
      return isEmpty && input.isEmptyText ? reading : .invalid(FieldError(.fieldInvalid))
    }
    guard !reading.adjusted, input == Self.input(for: value) else {
      return .invalid(FieldError(.fieldInvalid))
    }
    return reading
  }

  /// The error a value a flow stores has today: none but `required` for an empty one, and a
  /// date's `date.inFuture` (the value was read under another today). Every stored value is a
  /// reading's, so nothing else about it can be wrong.
  package func check(_ value: FieldValue?, options: FieldOptions, context: FieldContext)
    -> FieldError?
  {
    guard let value else { return options.required ? declaration.required : nil }
    guard case .kept(.date) = declaration.editing, case .string(let text) = value,
      let date = CalendarDate(iso: text), date > context.today
    else { return nil }
    return FieldError(.dateInFuture)
  }

  /// The text a control shows for a stored value: `12345-67890-12345` for chip digits,
  /// `+48 600 100 200` for a phone number.
  public func display(of value: FieldValue) -> String {
    switch value {
    case .string(let text): return display(of: .text(text))
    case .integer(let number): return String(number)
    case .decimal(let number): return number.description
    case .photo(let photo): return photo.fileName ?? ""
    }
  }

  /// The text a control shows for an input as given: text as typing would show it, a number as
  /// written, a photo by its file name.
  public func display(of input: FieldInput) -> String {
    switch (input, declaration.editing) {
    case (.text(let text), .digitMask(let mask)): return MaskEditor.display(text, mask: mask)
    case (.text(let text), .kept(let grammar)):
      return KeptTextEditor.layout(text, grammar: grammar).text
    case (.text(let text), .freeText), (.text(let text), .none): return text
    case (.number(let parts), _): return parts.text
    case (.photo(let photo), _): return photo.fileName ?? ""
    case (.null, _), (.bool, _): return ""
    }
  }

  /// The text a control shows for an input a flow keeps as rejected: exactly what was entered
  /// (text as given, with what typing would leave out: a chip number's letters, its 16th
  /// digit, format characters), a number as written, a photo by its file name. Laid out, a
  /// chip number's `12a34` would show as `1234`, which reads as a valid number.
  @_spi(Engine) public func display(ofRejected input: FieldInput) -> String {
    guard case .text(let text) = input else { return display(of: input) }
    return text
  }

  /// A stored value as the input that gives it: what export writes and import reads.
  package static func input(for value: FieldValue) -> FieldInput {
    switch value {
    case .string(let text): return .text(text)
    case .integer(let number):
      return .number(
        NumberParts(
          negative: number < 0, integer: Array(String(number.magnitude).utf8), fraction: nil,
          exponent: nil))
    case .decimal(let number):
      return NumberParts(decimal: number.description).map(FieldInput.number)
        ?? .text(number.description)
    case .photo(let photo): return .photo(photo)
    }
  }
}

extension FieldInput {
  var text: String? {
    guard case .text(let text) = self else { return nil }
    return text
  }

  /// Null, or text of only whitespace and format characters: an empty field however it was
  /// said.
  var isEmptyText: Bool {
    switch self {
    case .null: return true
    case .text(let text): return FormatCharacters.isBlank(text)
    case .number, .bool, .photo: return false
    }
  }
}

extension NumberParts {
  /// The number as written, in ASCII (`1e2`, `-0.50`).
  var text: String {
    var bytes: [UInt8] = negative ? [UInt8(ascii: "-")] : []
    bytes += integer
    if let fraction { bytes += [UInt8(ascii: ".")] + fraction }
    if let exponent { bytes += Array("e\(exponent)".utf8) }
    return String(decoding: bytes, as: UTF8.self)
  }
}

/// The canonical stored value of a field, as a flow keeps it and a payload carries it.
public enum FieldValue: Equatable, Sendable {
  /// Chip digits, a phone number (`+48600100200`), an email address, a date `YYYY-MM-DD`, an
  /// option id, free text.
  case string(String)
  /// Age in years.
  case integer(Int)
  /// Latitude or longitude, exactly as read (rounded to six decimals), trailing zeros kept.
  case decimal(DecimalNumber)
  /// A photo's metadata, for a photo field.
  // Boxed: inline, its four members would make every value (and every result holding one) a
  // large type copied through value witnesses on each keystroke.
  indirect case photo(PhotoMetadata)
}

/// What a field's content means: its canonical value, or the error that keeps it from having
/// one. Never both: a value stands only where nothing is wrong.
@_spi(Engine) public struct FieldReading: Equatable, Sendable {
  /// The canonical value; nil when the content is empty or has `error`.
  public var value: FieldValue?
  /// Why the content has no value; nil when nothing is wrong.
  public var error: FieldError?
  /// The value is the content rounded or cut (a seventh decimal, text past its cap): right for a
  /// flow to store, but not the exact stored form of anything.
  var adjusted = false

  init(value: FieldValue? = nil, error: FieldError? = nil, adjusted: Bool = false) {
    self.value = error == nil ? value : nil
    self.error = error
    self.adjusted = adjusted
  }

  static let empty = FieldReading()

  /// Content that has no value, for the reason `error` gives.
  static func invalid(_ error: FieldError) -> FieldReading { FieldReading(error: error) }
}

/// A value arriving from a client for a field, typed as its JSON was.
public enum FieldInput: Sendable, Equatable {
  /// No value: clears the field.
  case null
  /// Text as a control shows it, formatted or not.
  case text(String)
  /// A number, e.g. `52.2297`, `1e2`, `-0`, in the parts it was written with. Boxed, as the
  /// photo is: a flow keeps an input per field (a rejected one), and inline these two would make
  /// every such slot 64 bytes larger.
  @_spi(Engine) indirect case number(NumberParts)
  /// Wrong-typed for every kind: answered with an error, never a trap.
  case bool(Bool)
  /// A photo's metadata, for a photo field.
  indirect case photo(PhotoMetadata)
}

/// Trimming of surrounding whitespace, by the standard library's Unicode whitespace property.
enum Whitespace {
  /// `text` without leading and trailing whitespace; each end stops at its first other character.
  static func trimmed(_ text: String) -> Substring {
    guard let first = text.firstIndex(where: { !$0.isWhitespace }),
      let last = text.lastIndex(where: { !$0.isWhitespace })
    else { return text[text.endIndex...] }
    return text[first...last]
  }
}
