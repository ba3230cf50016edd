/// The language messages and labels are written in.
public enum Locale: String, Sendable, CaseIterable {
  case en
  case pl
}
