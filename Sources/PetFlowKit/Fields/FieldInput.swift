/// A value arriving from a client for a field, typed as its JSON was.
public enum FieldInput: Sendable, Equatable {
  case null
  /// Text as a control shows it, formatted or not.
  case text(String)
  /// A number, e.g. `52.2297`, `1e2`, `-0`, in the parts it was written with.
  case number(NumberParts)
  /// Wrong-typed for every kind: answered with an error, never a trap.
  case bool(Bool)
  case photo(PhotoMetadata)
}
