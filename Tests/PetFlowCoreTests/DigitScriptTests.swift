// Decimal digits of every script become ASCII; other numeric characters are dropped.
@_spi(Engine) import PetFlowCore
import Testing

@Suite struct DigitScriptTests {
  func value(_ input: String) -> FieldValue? {
    FieldKind.chipNumber.format(
      input, selection: .caret(0), options: FieldOptions(), context: session()
    ).value
  }

  @Test(
    "Decimal digits (Nd) of other scripts read as ASCII",
    arguments: [
      ("٠١٢٣٤٥٦٧٨٩", "0123456789"),  // Arabic-Indic
      ("۰۱۲۳۴۵۶۷۸۹", "0123456789"),  // Extended Arabic-Indic (Persian)
      ("０１２３４５６７８９", "0123456789"),  // fullwidth
      ("०१२३४५६७८९", "0123456789"),  // Devanagari
      ("1٢۳４५", "12345"),  // one from each, mixed
      ("𝟏𝟐𝟑", "123"),  // mathematical bold, outside the BMP
    ])
  func decimalDigitsOfScript(input: String, digits: String) {
    #expect(value(input) == .string(digits))
  }

  @Test(
    "Numeric characters that are not decimal digits are dropped, not read",
    arguments: ["½", "²", "Ⅻ", "①", "¾⁵₆", "〇", "万"])
  func nonDecimalNumericIsDropped(input: String) {
    #expect(value(input) == nil)
  }

  @Test func nonDecimalNumericsAmongDigitsAreSkipped() {
    #expect(value("1½2²3Ⅻ4①5") == .string("12345"))
  }

  @Test func droppingNonDecimalNumericIsNotTruncation() {
    let result = FieldKind.chipNumber.format(
      "½²Ⅻ①", selection: .caret(0), options: FieldOptions(), context: session())
    #expect(!result.truncated)
    #expect(result.text.isEmpty)
  }
}
