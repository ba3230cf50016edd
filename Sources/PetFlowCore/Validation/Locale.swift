/// The language messages and labels are written in.
public enum Locale: String, Sendable, CaseIterable {
  case en
  case pl
}

/// A text in each language: a label, a title, a message.
public struct LocalizedText: Sendable, Equatable {
  public let en: String
  public let pl: String

  public init(en: String, pl: String) {
    self.en = en
    self.pl = pl
  }

  public func text(in locale: Locale) -> String {
    switch locale {
    case .en: return en
    case .pl: return pl
    }
  }
}
