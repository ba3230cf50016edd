/// A failed validation: a stable code, its parameters, and a message looked up by code.
public struct FieldError: Equatable, Sendable {
  /// One named parameter; the order is the order the catalog documents.
  public struct Param: Equatable, Sendable {
    /// The name a message's `{name}` placeholder uses (`min`, `max`).
    public let name: String
    /// Its value.
    public let value: ErrorParam

    package init(_ name: String, _ value: ErrorParam) {
      self.name = name
      self.value = value
    }
  }

  let errorCode: ErrorCode
  /// The values the message interpolates, for a message of the app's own.
  public let params: [Param]

  package init(_ code: ErrorCode, _ params: [Param] = []) {
    errorCode = code
    self.params = params
  }

  /// An error whose parameters are the bounds the value broke.
  static func bounds(_ code: ErrorCode, min: Int? = nil, max: Int? = nil) -> FieldError {
    bounds(code, min: min.map(Int64.init), max: max.map(Int64.init))
  }

  /// The same for bounds that pass 2^31 (a photo's `maxBytes`), wherever `Int` is 32 bits.
  static func bounds(_ code: ErrorCode, min: Int64? = nil, max: Int64?) -> FieldError {
    var params: [Param] = []
    if let min { params.append(Param("min", .int(min))) }
    if let max { params.append(Param("max", .int(max))) }
    return FieldError(code, params)
  }

  /// The stable code, e.g. `phone.tooShort`; a flow rule's `rule.ID`.
  public var code: String {
    guard errorCode == .rule, case .string(let id)? = params.first?.value else {
      return errorCode.rawValue
    }
    return "rule." + id
  }

  /// The message in `language`, each `{name}` that names a parameter filled in (other braces stay
  /// as written). A message is a sentence: a parameter that opens it (a Polish month's name,
  /// written in lower case) starts with a capital.
  public func message(in language: Language) -> String {
    // A rule's message is its file's, as written.
    if errorCode == .rule {
      for case .text(let text) in params.lazy.map({ $0.value }) { return text.text(in: language) }
    }
    return fill(errorCode.message(for: params).text(in: language), in: language)
  }

  /// The message in `language` from another template (a flow file's own for this code), its
  /// `{name}` placeholders filled in as the code's own are.
  public func message(
    in language: Language, template: LocalizedText, texts: [String: String]? = nil
  ) -> String {
    fill(template.text(in: language), in: language, texts: texts)
  }

  /// `texts`, a flow's translation, names the months of a language petflowd does not ship.
  func fill(_ template: String, in language: Language, texts: [String: String]? = nil) -> String {
    guard !params.isEmpty, template.contains("{") else { return template }
    // Every piece but the first followed a `{`: a placeholder when a parameter's name ends at `}`.
    let pieces = template.split(separator: "{", omittingEmptySubsequences: false)
    var message = String(pieces.first ?? "")
    for piece in pieces.dropFirst() {
      if let close = piece.firstIndex(of: "}"),
        let param = params.first(where: { $0.name == piece[..<close] })
      {
        var value = param.value.text(in: language)
        if let texts, case .month(let month) = param.value,
          let name = texts[FieldKind.monthKey(month)]
        {
          value = name
        }
        message += value + piece[piece.index(after: close)...]
      } else {
        message += "{" + piece
      }
    }
    guard template.first == "{", let first = message.first else { return message }
    return first.uppercased() + message.dropFirst()
  }
}

/// A value interpolated into an error message: clients may also read it to build their own text.
public enum ErrorParam: Equatable, Sendable {
  /// A number, such as a bound (64 bits wherever it runs: a photo's `maxBytes` passes 2^31).
  case int(Int64)
  /// A word, such as which part of an email address.
  case string(String)
  /// A list, such as the options a choice accepts.
  case strings([String])
  /// A month's number, 1 to 12: a number to clients, its name in the message's language.
  case month(Int)
  /// A flow rule's message, in each language: the error's message itself, not written among
  /// the params a client reads. Boxed, so that no other param grows.
  indirect case text(LocalizedText)

  /// How the value reads inside a message in `language`.
  package func text(in language: Language) -> String {
    switch self {
    case .int(let value): return String(value)
    case .string(let value): return value
    case .strings(let values): return values.joined(separator: ", ")
    case .month(let month): return DateGrammar.monthName(month, in: language)
    case .text(let text): return text.text(in: language)
    }
  }
}

/// A validation error code: its stable wire code and its message in every shipped language. Each
/// kind declares its own codes beside its grammar (`Kinds/`, an `extension ErrorCode`) and lists
/// them in its declaration; `field.invalid`, which any kind reports, is the one declared here.
///
/// Every code is a `static let`, made once and kept for the life of the process, so a code is an
/// unretained reference to its entry: copying an error (or a `DigitMask` holding two codes) on
/// the keystroke path retains nothing, and two codes compare in one instruction, as the enum of
/// codes this replaced did.
package struct ErrorCode: @unchecked Sendable, Hashable, CustomStringConvertible {
  /// A message that replaces the code's own when its error carries `param` (the only one:
  /// `email.tooLong` over the part before `@`).
  package typealias Variant = (param: FieldError.Param, message: LocalizedText)

  private final class Entry: Sendable {
    let rawValue: String
    let message: LocalizedText
    let variants: [Variant]

    init(_ rawValue: String, _ message: LocalizedText, _ variants: [Variant]) {
      self.rawValue = rawValue
      self.message = message
      self.variants = variants
    }
  }

  // Never released (see above): `init` retains it once for good.
  private let entry: Unmanaged<Entry>

  package init(_ rawValue: String, _ message: LocalizedText, variants: [Variant] = []) {
    entry = Unmanaged.passRetained(Entry(rawValue, message, variants))
  }

  /// The stable code, e.g. `phone.tooShort`.
  package var rawValue: String { entry.takeUnretainedValue().rawValue }
  /// The message, with `{name}` placeholders for the error's params.
  var message: LocalizedText { entry.takeUnretainedValue().message }
  var variants: [Variant] { entry.takeUnretainedValue().variants }

  /// A flow rule's failure (StepRule.swift): its code `rule.ID` and its message, the file's, are
  /// in its params. One code for every rule, made once, so that loading a flow file makes none.
  package static let rule = ErrorCode("rule", LocalizedText(en: "{message}", pl: "{message}"))

  package static let fieldInvalid = ErrorCode(
    "field.invalid",
    LocalizedText(
      en: "This value does not fit this field", pl: "Ta wartość nie pasuje do tego pola"))

  /// Every code a field can report: `field.invalid`, then each kind's in the kinds' order.
  package static let allCases: [ErrorCode] =
    [fieldInvalid] + FieldKind.allCases.flatMap { $0.declaration.codes }

  /// The code whose wire name is `rawValue`, if one is declared.
  package static func named(_ rawValue: String) -> ErrorCode? {
    allCases.first { $0.rawValue == rawValue }
  }

  /// Every variant message, with its code: protocol.md's error table is written from it too
  /// (scripts/generate-lists).
  package static var variants: [(code: ErrorCode, param: FieldError.Param, message: LocalizedText)]
  {
    allCases.flatMap { code in code.variants.map { (code, $0.param, $0.message) } }
  }

  /// The message for an error with `params`, with `{name}` placeholders for them.
  func message(for params: [FieldError.Param]) -> LocalizedText {
    for variant in variants where params.contains(variant.param) {
      return variant.message
    }
    return message
  }

  package var description: String { rawValue }

  package static func == (left: ErrorCode, right: ErrorCode) -> Bool {
    left.entry.toOpaque() == right.entry.toOpaque()
  }

  package func hash(into hasher: inout Hasher) { hasher.combine(entry.toOpaque()) }
}
