/// The canonical stored value of a field, as a flow keeps it and a payload carries it.
public enum FieldValue: Equatable, Sendable {
  /// Chip digits, a phone number (`+48600100200`), an email address, a date `YYYY-MM-DD`, an
  /// option id, free text.
  case string(String)
  /// Age in years.
  case integer(Int)
  /// Latitude or longitude, exactly as read (rounded to six decimals), trailing zeros kept.
  case decimal(DecimalNumber)
  /// Boxed: inline, its four members would make every value (and every result holding one) a
  /// large type copied through value witnesses on each keystroke.
  indirect case photo(PhotoMetadata)
}

/// What a field's content means: its canonical value, or the error that keeps it from having
/// one. Never both: a value stands only where nothing is wrong.
public struct FieldReading: Equatable, Sendable {
  public var value: FieldValue?
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
