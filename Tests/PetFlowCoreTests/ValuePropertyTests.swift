// The shortcuts flows take with stored values agree with the general path on random inputs.
@_spi(Engine) import PetFlowCore
import Testing

@Suite struct ValuePropertyTests {
  /// Number texts as a client's JSON carries them: whole, signed, fractional, exponents, huge.
  static let numbers = [
    "0", "-0", "7", "41", "123", "999999", "1234567", "52.2297", "-0.5", "180.0000001", "1e2",
    "-1E-3", "12345678901234567890", "0.000001", "90", "-90.5",
  ]

  /// The options a choice field declares (no other kind reads them): its values are their ids.
  static let choices = [
    FieldOption(id: "yes", label: LocalizedText(en: "Yes", pl: "Tak")),
    FieldOption(id: "no", label: LocalizedText(en: "No", pl: "Nie")),
  ]

  /// Whole values people write, for every kind (WholeValuePropertyTests' words, which every
  /// new kind adds to), the choice options' ids, and numbers.
  static let words = WholeValuePropertyTests.words + choices.map(\.id) + [" no "] + numbers

  /// Cases checked per kind, of 1,500 (each gets hundreds: some inputs are words that are values
  /// of it; a photo, from one input in twelve, about a hundred).
  static let floor = 80

  @Test(arguments: FieldKind.allCases)
  func storedValuesCheckAsTheyReadWhole(kind: FieldKind) {
    var random = RandomField(seed: 31)
    var cases = CheckedCases(kind, floor: Self.floor)
    let words = Self.words(of: kind)
    for _ in 0..<1_500 {
      let options = FieldOptions(
        required: random.int(0...1) == 0, maxLength: random.int(0...2) == 0 ? 5 : nil,
        choices: Self.choices)
      let context = session()
      guard
        let value = kind.read(Self.input(&random, words), options: options, context: context)
          .value
      else { continue }
      cases.checked()
      #expect(
        kind.check(value, options: options, context: context)
          == kind.validate(value, options: options, context: context), "\(value)")
    }
    cases.expectEnough()
  }

  /// Not photo: it displays as its file name, and no text reads as a photo.
  static let displayedKinds = FieldKind.allCases.filter { $0 != .photo }

  @Test(arguments: displayedKinds)
  func theDisplayOfAStoredValueReadsBackAsIt(kind: FieldKind) {
    var random = RandomField(seed: 32)
    var cases = CheckedCases(kind, floor: Self.floor)
    let options = FieldOptions(choices: Self.choices)
    let words = Self.words(of: kind)
    for _ in 0..<1_500 {
      let text =
        switch random.int(0...2) {
        case 0: random.text()
        case 1: Self.word(&random, Self.words)
        default: Self.word(&random, words)
        }
      guard let value = kind.read(.text(text), options: options).value else { continue }
      cases.checked()
      #expect(
        kind.read(.text(kind.display(of: value)), options: options).value == value,
        "\(text.debugDescription)")
    }
    cases.expectEnough()
  }

  /// The words that are values of `kind`, its declaration's examples among them (so a new kind
  /// has some); a kind without any fails the floor.
  static func words(of kind: FieldKind) -> [String] {
    let options = FieldOptions(choices: choices)
    let declared = kind.examples(options).compactMap { input -> String? in
      if case .text(let text) = input { return text }
      return nil
    }
    return (words + declared).filter { kind.read(.text($0), options: options).value != nil }
  }

  private static func word(_ random: inout RandomField, _ words: [String]) -> String {
    words.isEmpty ? "" : words[random.int(0...(words.count - 1))]
  }

  /// A photo (one in two a real one), a number, a word (one in two a value of the kind), or
  /// random text.
  private static func input(_ random: inout RandomField, _ own: [String]) -> FieldInput {
    switch random.int(0...5) {
    case 0: return .number(numbers[random.int(0...(numbers.count - 1))])
    case 1:
      return .photo(
        PhotoMetadata(
          uri: random.text(maxPieces: 3), mimeType: ["image/png", "text/plain"][random.int(0...1)]))
    case 2: return .text(word(&random, words))
    case 3: return .text(word(&random, own))
    default: return .text(random.text())
    }
  }
}
