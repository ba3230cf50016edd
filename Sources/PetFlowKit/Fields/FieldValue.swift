/// The canonical stored value of a field, as a flow keeps it and a payload carries it.
public enum FieldValue: Equatable, Sendable {
  /// Chip digits, phone, email, date `YYYY-MM-DD` (or its partial text), option id, free text.
  case string(String)
  /// Age in years.
  case integer(Int)
  /// Latitude or longitude as JSON number text: no exponent, no `-0`, no trailing point.
  case decimal(String)
  /// Boxed: inline, its four members would make every value (and every result holding one) a
  /// large type copied through value witnesses on each keystroke.
  indirect case photo(PhotoMetadata)
}
