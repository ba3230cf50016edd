/// A value arriving from a client for a field, typed as its JSON was.
public enum FieldInput: Sendable, Equatable {
  case null
  /// Text as a control shows it, formatted or not.
  case text(String)
  /// A number, e.g. `52.2297`, `1e2`, `-0`, in the parts it was written with. Boxed, as the
  /// photo is: a flow keeps an input per field (a rejected one), and inline these two would make
  /// every such slot 64 bytes larger.
  indirect case number(NumberParts)
  /// Wrong-typed for every kind: answered with an error, never a trap.
  case bool(Bool)
  indirect case photo(PhotoMetadata)
}
