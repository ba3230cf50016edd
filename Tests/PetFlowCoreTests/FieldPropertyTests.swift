// Properties over seeded random texts, selections and edits, for every text-edited kind.
@_spi(Engine) import PetFlowCore
import Testing

@Suite struct FieldPropertyTests {
  static let kinds = FieldKind.allCases.filter(\.isTextEdited)
  /// The kinds with separators among significant characters (field/list's `editing` `mask`):
  /// the digit mask and the kept-text kinds, taken from each kind's declaration.
  static let maskKinds = FieldKind.allCases.filter { $0.editingName == "mask" }
  static let count = 1_500

  /// Cases with a value, per kind, of 1,500, for the properties that speak of values (an edit
  /// often spoils a value: a gender gets about 70).
  static let valueFloor = 50

  @Test(arguments: kinds)
  func formatIsIdempotent(kind: FieldKind) {
    var values = CheckedCases(kind, floor: Self.valueFloor)
    defer { values.expectEnough() }
    for sample in RandomCase.draw(Self.count, seed: 1, valuesOf: kind) {
      let first = kind.format(sample)
      if first.value != nil { values.checked() }
      let second = kind.reformat(first, as: sample)
      #expect(second.text == first.text, "\(sample)")
      #expect(second.selection == first.selection, "\(sample)")
      #expect(second.value == first.value)
      #expect(!second.truncated)
    }
  }

  @Test(arguments: kinds)
  func formatOffsetsLandOnBoundariesInsideTheText(kind: FieldKind) {
    for sample in RandomCase.draw(Self.count, seed: 2) {
      let result = kind.format(sample)
      #expect(Boundaries.contains(result.selection, in: result.text, sample.encoding), "\(sample)")
    }
  }

  @Test(arguments: kinds)
  func editOffsetsLandOnBoundariesInsideTheText(kind: FieldKind) {
    for sample in RandomCase.draw(Self.count, seed: 3) {
      let result = kind.edit(sample)
      #expect(Boundaries.contains(result.selection, in: result.text, sample.encoding), "\(sample)")
    }
  }

  @Test(arguments: kinds)
  func editResultIsAlreadyFormatted(kind: FieldKind) {
    var values = CheckedCases(kind, floor: Self.valueFloor)
    defer { values.expectEnough() }
    for sample in RandomCase.draw(Self.count, seed: 4, valuesOf: kind) {
      let result = kind.edit(sample)
      if result.value != nil { values.checked() }
      let again = kind.reformat(result, as: sample)
      #expect(again.text == result.text, "\(sample)")
      #expect(again.value == result.value)
      #expect(again.error == result.error)
    }
  }

  @Test(arguments: kinds)
  func rejectedEditLeavesTheNormalisedState(kind: FieldKind) {
    var rejections = CheckedCases(kind, floor: 20)
    for sample in RandomCase.draw(Self.count, seed: 5, formattedFor: kind) {
      let result = kind.edit(sample)
      guard result.rejected else { continue }
      rejections.checked()
      let before = kind.format(sample)
      #expect(result.text == before.text, "\(sample)")
      #expect(result.value == before.value)
      if before.text == sample.text {
        // Already formatted: the selection is kept as given, only rounded and clamped.
        let kept = Boundaries.rounded(sample.selection, in: sample.text, sample.encoding)
        #expect(result.selection == kept, "\(sample)")
      }
    }
    rejections.expectEnough()
  }

  @Test(arguments: maskKinds)
  func valueDigitsKeepTheirOrder(kind: FieldKind) {
    for sample in RandomCase.draw(Self.count, seed: 6) {
      let digits = decimalDigits(of: kind.format(sample).text)
      #expect(isSubsequence(digits, of: decimalDigits(of: sample.text)), "\(sample)")
    }
  }

  /// The chip number's hyphens are only drawn; a date's hyphens mean something (they end a
  /// group), but where the date draws them anyway they are the same as not typing them.
  @Test func removingOrAddingHyphensLeavesTheChipNumber() {
    let kind = FieldKind.chipNumber
    var random = RandomField(seed: 7)
    for sample in RandomCase.draw(Self.count, seed: 7) {
      let formatted = kind.format(sample)
      var shuffled = ""
      for character in formatted.text where character != "-" {
        if random.int(0...3) == 0 { shuffled += random.int(0...1) == 0 ? "-" : " " }
        shuffled.append(character)
      }
      let reformatted = kind.format(
        shuffled, selection: .caret(0), options: RandomCase.options, context: sample.context)
      #expect(reformatted.value == formatted.value, "\(sample)")
      #expect(reformatted.text == formatted.text)
    }
  }

  @Test(arguments: maskKinds)
  func typingSeparatorsLeavesTheValue(kind: FieldKind) {
    var random = RandomField(seed: 8)
    var values = CheckedCases(kind, floor: Self.valueFloor)
    defer { values.expectEnough() }
    for sample in RandomCase.draw(Self.count, seed: 8, valuesOf: kind) {
      let before = kind.format(sample)
      if before.value != nil { values.checked() }
      let caret = FieldSelection.caret(random.offset(in: before.text, sample.encoding))
      let separators = Self.separators(of: kind)
      let result = kind.edit(
        before.text, selection: caret,
        edit: .insert(separators[random.int(0...(separators.count - 1))]),
        options: RandomCase.options, context: sample.context)
      #expect(result.value == before.value, "\(sample)")
    }
  }

  /// What typing drops without changing the value: whitespace, and the separators a kind draws
  /// itself or leaves out (a hyphen means something in a date and a coordinate).
  static func separators(of kind: FieldKind) -> [String] {
    switch kind {
    case .chipNumber: return ["-", " ", "\u{2013}"]
    case .phone: return ["-", " ", "(", ")", ".", "/"]
    // Whitespace, which every kind that keeps what is typed drops (a new one among them).
    default: return kind.editingName == "mask" ? [" ", "\u{00A0}"] : []
    }
  }

  /// The separators a kind's display draws (and takes away again) among what was typed.
  static func drawn(by kind: FieldKind) -> Set<Unicode.Scalar> {
    switch kind {
    case .chipNumber, .date: return ["-"]
    case .phone: return [" "]
    // A kind declared with its own rules draws none (KeptRules).
    default: return []
    }
  }

  @Test(arguments: maskKinds)
  func insertNeverDropsExistingCharacters(kind: FieldKind) {
    var random = RandomField(seed: 9)
    // Compared scalar by scalar: a character typed next to another can join its cluster (an
    // accent after a letter), and the separators the display draws come and go.
    let drawn = Self.drawn(by: kind)
    let significant = { (text: String) in text.unicodeScalars.filter { !drawn.contains($0) } }
    for sample in RandomCase.draw(Self.count, seed: 9) {
      let before = kind.format(sample)
      let caret = FieldSelection.caret(random.offset(in: before.text, sample.encoding))
      let result = kind.edit(
        before.text, selection: caret, edit: .insert(random.text(maxPieces: 6)),
        options: RandomCase.options, context: sample.context)
      #expect(
        isSubsequence(Array(significant(before.text)), of: Array(significant(result.text))),
        "\(sample)")
    }
  }
}
