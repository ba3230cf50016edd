/// What a flow file narrows of a field's kind, never widening it: a photo's media types and
/// size, a date's earliest and latest day, an age's fewest and most years. The kind's own rules
/// are judged first and still hold (a date is never after today, an age never over 40); these
/// only refuse more, and only in the flow that states them: the field methods, which have no
/// flow, keep the kind's own limits. Free text's cap is `FieldOptions.maxLength`, which cuts
/// what is longer (the seeds' rule), so it is no limit of these.
public struct FieldLimits: Sendable, Equatable {
  /// A photo's accepted media types, lower case (`image/jpeg`); empty for any image.
  public var accept: [String]
  /// A photo's largest `sizeBytes`, judged when the photo gives its size.
  public var maxBytes: Int64?
  /// A date's earliest day.
  public var notBefore: DateBound?
  /// A date's latest day.
  public var notAfter: DateBound?
  /// An age's fewest years.
  public var min: Int?
  /// An age's most years.
  public var max: Int?

  /// The years an age may have, which `min` and `max` stay within.
  public static let ageRange = AgeGrammar.range

  /// Limits as a flow file states them (media types are compared in lower case).
  public init(
    accept: [String] = [], maxBytes: Int64? = nil, notBefore: DateBound? = nil,
    notAfter: DateBound? = nil, min: Int? = nil, max: Int? = nil
  ) {
    self.accept = accept.map { $0.lowercased() }
    self.maxBytes = maxBytes
    self.notBefore = notBefore
    self.notAfter = notAfter
    self.min = min
    self.max = max
  }

  /// The error a value its kind allows has under these limits, or nil.
  package func error(of value: FieldValue, context: FieldContext) -> FieldError? {
    switch value {
    case .photo(let photo):
      // Media types are case-insensitive (RFC 2045); a parameter (`; q=1`) is no part of the type.
      let type = photo.mimeType.split(separator: ";").first.map { Whitespace.trimmed(String($0)) }
      if !accept.isEmpty, !accept.contains(String(type ?? "").lowercased()) {
        return FieldError(.photoType, [FieldError.Param("accept", .strings(accept))])
      }
      if let maxBytes, let size = photo.sizeBytes, size > maxBytes {
        return FieldError.bounds(.photoTooLarge, max: maxBytes)
      }
      return nil
    case .string(let text):
      guard notBefore != nil || notAfter != nil, let date = CalendarDate(iso: text) else {
        return nil
      }
      if let bound = notBefore?.date(today: context.today), date < bound {
        return FieldError(
          .dateTooEarly, [FieldError.Param("notBefore", .string(bound.description))])
      }
      if let bound = notAfter?.date(today: context.today), date > bound {
        return FieldError(.dateTooLate, [FieldError.Param("notAfter", .string(bound.description))])
      }
      return nil
    case .integer(let years):
      let least = min ?? AgeGrammar.range.lowerBound
      let most = max ?? AgeGrammar.range.upperBound
      guard years < least || years > most else { return nil }
      return FieldError.bounds(.ageOutOfRange, min: least, max: most)
    case .decimal:
      return nil
    }
  }
}

/// A bound of a date field: a day, or whichever day is today for the session.
public enum DateBound: Sendable, Equatable, CustomStringConvertible {
  /// The session's today, which moves with the day.
  case today
  /// A fixed day.
  case date(CalendarDate)

  /// `today`, or a day `YYYY-MM-DD`; nil for anything else.
  public init?(_ text: String) {
    if text == "today" {
      self = .today
    } else if let date = CalendarDate(iso: text) {
      self = .date(date)
    } else {
      return nil
    }
  }

  /// The day it is, on `today`.
  public func date(today: CalendarDate) -> CalendarDate {
    switch self {
    case .today: return today
    case .date(let date): return date
    }
  }

  /// As a flow file writes it.
  public var description: String {
    switch self {
    case .today: return "today"
    case .date(let date): return date.description
    }
  }
}
