// The shortcuts flows take with stored values agree with the general path on random inputs.
import PetFlowKit
import Testing

@Suite struct ValuePropertyTests {
  /// Number texts as a client's JSON carries them: whole, signed, fractional, exponents, huge.
  static let numbers = [
    "0", "-0", "7", "41", "123", "999999", "1234567", "52.2297", "-0.5", "180.0000001", "1e2",
    "-1E-3", "12345678901234567890", "0.000001", "90", "-90.5",
  ]

  @Test(arguments: FieldKind.allCases)
  func storedValuesCheckAsTheyReadWhole(kind: FieldKind) {
    var random = RandomField(seed: 31)
    for _ in 0..<1_500 {
      let options = FieldOptions(
        required: random.int(0...1) == 0, maxLength: random.int(0...2) == 0 ? 5 : nil)
      let context = session()
      guard
        let value = kind.read(Self.input(&random), options: options, context: context)
          .value
      else { continue }
      #expect(
        kind.check(value, options: options, context: context)
          == kind.validate(value, options: options, context: context), "\(value)")
    }
  }

  @Test(arguments: FieldKind.allCases)
  func theDisplayOfAStoredValueReadsBackAsIt(kind: FieldKind) {
    var random = RandomField(seed: 32)
    for _ in 0..<1_500 {
      let text = random.int(0...1) == 0 ? random.text() : Self.numbers[random.int(0...15)]
      guard let value = kind.read(.text(text)).value else { continue }
      #expect(kind.read(.text(kind.display(of: value))).value == value, "\(text.debugDescription)")
    }
  }

  private static func input(_ random: inout RandomField) -> FieldInput {
    switch random.int(0...5) {
    case 0: return .number(numbers[random.int(0...(numbers.count - 1))])
    case 1:
      return .photo(
        PhotoMetadata(
          uri: random.text(maxPieces: 3), mimeType: ["image/png", "text/plain"][random.int(0...1)]))
    case 2:
      return .text(
        ["dog", " Pies ", "FEMALE", "a@b.co", " x@y.pl ", "2026-11-22"][random.int(0...5)])
    default: return .text(random.text())
    }
  }
}
