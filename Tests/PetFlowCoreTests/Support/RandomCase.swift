// One random field state and edit, drawn from a fixed seed, and how a kind runs it.
@_spi(Engine) import PetFlowCore

/// One drawn case: a field state before an edit, and the edit.
struct RandomCase: CustomStringConvertible {
  var encoding: PositionEncoding
  var text: String
  var selection: FieldSelection
  var edit: FieldEdit

  /// A choice field's options come with it: its values are their ids.
  static let options = FieldOptions(maxLength: 12, choices: ValuePropertyTests.choices)

  /// `count` cases from a fixed seed; `formatted` draws start from text the kind has formatted;
  /// `valuesOf` draws start, one in three, from a word that is a value of the kind (random
  /// text is seldom a date, an email address or a species).
  static func draw(
    _ count: Int, seed: UInt64, formattedFor kind: FieldKind? = nil,
    valuesOf valued: FieldKind? = nil
  ) -> [RandomCase] {
    var random = RandomField(seed: seed)
    let words = valued.map(ValuePropertyTests.words(of:)) ?? []
    return (0..<count).map { _ in
      let encoding = random.encoding()
      var text = random.text()
      if !words.isEmpty, random.int(0...2) == 0 { text = words[random.int(0...(words.count - 1))] }
      if let kind, random.int(0...1) == 0 {
        text =
          kind.format(text, selection: .caret(0), options: options, context: session(.en, encoding))
          .text
      }
      let selection = random.selection(in: text, encoding)
      return RandomCase(
        encoding: encoding, text: text, selection: selection, edit: random.edit(in: text, encoding))
    }
  }

  var context: FieldContext { session(.en, encoding) }

  var description: String { "\(text.debugDescription) \(selection) \(edit) \(encoding)" }
}

extension FieldKind {
  func format(_ sample: RandomCase) -> FieldResult {
    format(
      sample.text, selection: sample.selection, options: RandomCase.options, context: sample.context
    )
  }

  func edit(_ sample: RandomCase) -> FieldResult {
    edit(
      sample.text, selection: sample.selection, edit: sample.edit, options: RandomCase.options,
      context: sample.context)
  }

  /// Formats a result again, in the case's session.
  func reformat(_ result: FieldResult, as sample: RandomCase) -> FieldResult {
    format(
      result.text, selection: result.selection, options: RandomCase.options, context: sample.context
    )
  }
}
