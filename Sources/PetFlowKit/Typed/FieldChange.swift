@_spi(Engine) import PetFlowCore

/// One edit of a field as UIKit hands it over, and what the control shows after it: offsets in
/// UTF-16 code units, as `NSString`, `UITextField` and `NSRange` count them.
public struct FieldChange: Equatable, Sendable {
  /// Why the field's content has no value, with its message in the language asked for.
  public struct Problem: Equatable, Sendable {
    /// The error's code (`chipNumber.required`), stable across versions and languages.
    public let code: String
    /// The message in the language `change` was given.
    public let message: String
    /// The error with its params, for a message of the app's own.
    public let error: FieldError
  }

  /// The control's new text.
  public let text: String
  /// The new selection (empty: a caret), in UTF-16 code units.
  public let selection: Range<Int>
  /// The field's value, or nil when it has none (empty, or `error` says why).
  public let value: FieldValue?
  /// What keeps the text from having a value; nil when it has one or may be empty.
  public let error: Problem?

  /// Where the caret goes: the selection's end.
  public var caret: Int { selection.upperBound }
}

extension FieldKind {
  /// Applies an edit exactly as `textField(_:shouldChangeCharactersIn:replacementString:)`
  /// receives it: `range` replaced by `replacement` in `text`, whose selection before the edit
  /// was `selection` (`selectedTextRange`), all in UTF-16 code units. It is `field/edit`'s
  /// `replace`: an empty replacement of the one character ending at the caret is Backspace,
  /// of the one starting at it forward Delete, so the caret rules of those keys apply (a
  /// Backspace after a chip number's hyphen deletes the digit before it). Return `false` from
  /// the delegate and set the control's text and selection from the answer.
  public func change(
    text: String, selection: Range<Int>, range: Range<Int>, replacement: String,
    language: Language = .en, options: FieldOptions = FieldOptions(),
    today: CalendarDate = .unixEpoch
  ) -> FieldChange {
    FieldChange(
      edit(
        text, selection: FieldSelection(start: selection.lowerBound, end: selection.upperBound),
        edit: .replace(start: range.lowerBound, end: range.upperBound, text: replacement),
        options: options, context: FieldContext(today: today, language: language, encoding: .utf16)),
      language: language)
  }
}
