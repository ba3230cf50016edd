// Seed 002's chip-number format table: what the user types, the value
// stored and the text shown. It is the formatter's, which runs as the user types (field/format);
// a whole value is judged instead (FoundPetValidationTable: `12a34b56` and 16 digits are errors).

public enum ChipNumberFormatTable {
  public static let rows: [(input: String, stored: String?, display: String)] = [
    ("", nil, ""),
    ("123", "123", "123"),
    ("12345", "12345", "12345"),
    ("123456", "123456", "12345-6"),
    ("1234567890", "1234567890", "12345-67890"),
    ("123456789012345", "123456789012345", "12345-67890-12345"),
    ("1234567890123456", "123456789012345", "12345-67890-12345"),
    ("12a34b56", "123456", "12345-6"),
  ]
}
