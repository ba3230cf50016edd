// Seed 000's chip-number formatter cases and seed 002's format table, through format().
@_spi(Engine) import PetFlowCore
import TestSupport
import Testing

@Suite struct ChipNumberSeedTests {
  let chip = FieldKind.chipNumber

  func formatted(_ input: String) -> FieldResult {
    chip.format(input, selection: .caret(0), options: FieldOptions(), context: session())
  }

  @Test(
    "format() cases of MicrochipNumberFormatterTests",
    arguments: [
      ("1234", "1234"),
      ("123456", "12345-6"),
      ("12345678901", "12345-67890-1"),
      ("123456789012345", "12345-67890-12345"),
      ("123456789012345678", "12345-67890-12345"),
      ("12345-67890-12345", "12345-67890-12345"),
      ("abc123def456ghi", "12345-6"),
      ("", ""),
    ])
  func seedFormatCase(input: String, display: String) {
    #expect(formatted(input).text == display)
  }

  @Test(
    "extractDigits() cases of MicrochipNumberFormatterTests, as the stored value",
    arguments: [
      ("123456789012345", "123456789012345"),
      ("12345-67890-12345", "123456789012345"),
      ("abc123def456", "123456"),
      ("123!@#456$%^789", "123456789"),
    ])
  func seedExtractDigitsCase(input: String, digits: String) {
    #expect(formatted(input).value == .string(digits))
  }

  @Test func emptyInputHasNoValue() {
    #expect(formatted("").value == nil)
  }

  @Test("The found-pet flow's chip-number format table", arguments: ChipNumberFormatTable.rows)
  func flowTableRow(input: String, stored: String?, display: String) {
    let result = formatted(input)
    #expect(result.text == display)
    #expect(result.value == stored.map(FieldValue.string))
  }

  @Test func cappedRowIsMarkedTruncated() {
    #expect(formatted("1234567890123456").truncated)
  }

  @Test func filteredLettersAreNotTruncation() {
    #expect(!formatted("12a34b56").truncated)
  }

  @Test func optionalChipNumberOfAnyLengthIsValid() {
    for length in 0...15 {
      let digits = String(repeating: "7", count: length)
      #expect(formatted(digits).error == nil)
    }
  }

  @Test func requiredEmptyChipNumberIsAnError() {
    let result = chip.format(
      "", selection: .caret(0), options: FieldOptions(required: true), context: session())
    #expect(result.error?.code == "chipNumber.required")
  }

  @Test func storedDigitsDisplayFormatted() {
    #expect(chip.display(of: .string("123456789012345")) == "12345-67890-12345")
  }
}
