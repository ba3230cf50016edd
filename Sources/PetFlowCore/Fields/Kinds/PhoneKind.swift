/// The phone kind: an optional `+` (or `00`, the international prefix) and digits, Polish numbers
/// grouped as people read them. Typing drops spaces and the punctuation people write between
/// groups; everything else stays and is judged.
extension KindDeclaration {
  /// A phone number: an optional `+` and digits, Polish numbers grouped as read.
  static let phone = KindDeclaration(
    label: LocalizedText(en: "Phone number", pl: "Numer telefonu"),
    hint: LocalizedText(
      en: "For example, +48 600 100 200", pl: "Na przykład +48 600 100 200"),
    keyboard: .phonePad, editing: .kept(.phone),
    longestValue: 1 + PhoneGrammar.maxInternationalDigits,
    required: FieldError.bounds(.phoneRequired, min: PhoneGrammar.minDigits),
    codes: [.phoneRequired, .phoneTooShort, .phoneTooLong, .phoneInvalid],
    examples: ["600100200", "+48 22 123 45 67"])
}

/// What a phone number's text means, and where its display draws group spaces.
///
/// How many digits: the seeds' 7 to 11 (written for Polish numbers) for a number with no
/// country code, with `+48` or `0048`, and while the code is not known yet (fewer than two
/// digits after the `+` or `00`). A Polish toll-free number, `+48 800` and 7 more digits, has
/// 12 (libphonenumber's PL metadata: toll-free is `800` and 6 or 7 more digits). A number with
/// another country code is judged by E.164's length: at most 15 digits with the code; E.164
/// sets no minimum, and the seeds' 7 stays (some countries' numbers are that short).
enum PhoneGrammar {
  static let minDigits = 7
  static let maxDigits = 11
  static let maxTollFreeDigits = 12
  static let maxInternationalDigits = 15

  /// What people write between groups: brackets, hyphens, dots, slashes (dashes of any script
  /// among them). Left out like spaces: none of it changes the number.
  static func isPunctuation(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar {
    case "(", ")", "-", ".", "/": return true
    default: return DateGrammar.isDash(scalar)
    }
  }

  /// The number's parts when the cells are one: `+` or `00`, then digits only.
  private struct Parts {
    /// Cells of the prefix: 1 for `+`, 2 for `00`, 0 for none.
    var prefix: Int
    var digits: Int
    /// The most digits this number may have: it depends on its country code (see above).
    var maxDigits = PhoneGrammar.maxDigits

    init?(_ cells: KeptCells) {
      let count = cells.count
      prefix =
        cells.byte(0) == UInt8(ascii: "+")
        ? 1 : cells.byte(0) == UInt8(ascii: "0") && cells.byte(1) == UInt8(ascii: "0") ? 2 : 0
      digits = count - prefix
      for index in prefix..<count {
        guard let byte = cells.byte(index), byte &- UInt8(ascii: "0") < 10 else { return nil }
      }
      guard prefix > 0, digits >= 2 else { return }
      if !PhoneGrammar.isPolish(cells, after: prefix) {
        maxDigits = PhoneGrammar.maxInternationalDigits
      } else if PhoneGrammar.digits(of: cells, at: prefix + 2, are: "800") {
        maxDigits = PhoneGrammar.maxTollFreeDigits
      }
    }
  }

  /// Whether the digits from cell `start` begin with Poland's country code, 48.
  private static func isPolish(_ cells: KeptCells, after start: Int) -> Bool {
    digits(of: cells, at: start, are: "48")
  }

  /// Whether the cells from `start` begin with `digits`.
  private static func digits(of cells: KeptCells, at start: Int, are digits: String) -> Bool {
    var index = start
    for byte in digits.utf8 {
      guard cells.byte(index) == byte else { return false }
      index += 1
    }
    return true
  }

  /// `+48 600 100 200`, `22 123 45 67`, `0048 600 100 200`, `+48 800 123 4567`: a Polish
  /// number (+48 or 0048 and up to 9 digits, or up to 9 digits alone; 10 for toll-free) in
  /// libphonenumber's groups, once its first digits say which; any other number is shown as
  /// typed. A bit per cell a space is drawn before.
  static func groupStarts(in cells: KeptCells) -> UInt64 {
    guard cells.count > 2, let parts = Parts(cells) else { return 0 }
    var national = parts.prefix
    var spaces: UInt64 = 0
    if parts.prefix > 0 {
      guard isPolish(cells, after: parts.prefix) else { return 0 }
      national += 2
      if national < cells.count { spaces |= 1 &<< UInt64(national) }
    }
    let length = cells.count - national
    guard let groups = groups(of: cells, from: national), length <= groups.reduce(0, +) else {
      return parts.prefix > 0 && length <= 9 ? spaces : 0
    }
    var start = national
    for size in groups.dropLast() {
      start += size
      if start < cells.count { spaces |= 1 &<< UInt64(start) }
    }
    return spaces
  }

  private static let mobileGroups = [3, 3, 3]
  private static let landlineGroups = [2, 3, 2, 2]
  private static let tollFreeGroups = [3, 3, 4]

  /// The group sizes of a Polish national number from its first digits, as libphonenumber's PL
  /// metadata formats them: mobile-style leading digits (`21|39|45|5[0137]|6[0469]|7[02389]|
  /// 8(0[14]|8)`) 3-3-3, landline-style (`1[2-8]|[2-7]|8[1-79]|9[145]`) 2-3-2-2, toll-free
  /// `800` 3-3-3 or, with 7 digits after it, 3-3-4; nil while the digits typed cannot tell, or
  /// for neither.
  private static func groups(of cells: KeptCells, from start: Int) -> [Int]? {
    let digit = { (offset: Int) in cells.byte(start + offset).map { Int($0) - 48 } ?? -1 }
    switch (digit(0), digit(1)) {
    case (_, -1): return nil
    case (2, 1), (3, 9), (4, 5), (5, 0), (5, 1), (5, 3), (5, 7), (6, 0), (6, 4), (6, 6), (6, 9),
      (7, 0), (7, 2), (7, 3), (7, 8), (7, 9), (8, 8):
      return mobileGroups
    case (8, 0):
      switch digit(2) {
      case 0: return tollFreeGroups
      case 1, 4: return mobileGroups
      default: return nil
      }
    case (1, 2...8), (2...7, _), (8, 1...7), (8, 9), (9, 1), (9, 4), (9, 5):
      return landlineGroups
    default:
      return nil
    }
  }

  /// A whole number: `+` or `00` and digits, or digits alone, 7 to as many as its country code
  /// allows (see above).
  static func read(_ cells: KeptCells) -> FieldReading {
    guard !cells.isEmpty else { return .empty }
    guard let parts = Parts(cells), parts.digits > 0 else {
      return .invalid(FieldError(.phoneInvalid))
    }
    guard parts.digits <= parts.maxDigits else {
      return .invalid(FieldError.bounds(.phoneTooLong, max: parts.maxDigits))
    }
    guard parts.digits >= minDigits else {
      return .invalid(FieldError.bounds(.phoneTooShort, min: minDigits))
    }
    let digits = cells.utf8[parts.prefix...]
    let number = parts.prefix > 0 ? "+" + String(decoding: digits, as: UTF8.self) : cells.text
    return FieldReading(value: .string(number))
  }
}

/// The kind's error codes, each with its message in every shipped language.
extension ErrorCode {
  package static let phoneRequired = ErrorCode(
    "phone.required",
    LocalizedText(en: "Enter at least {min} digits", pl: "Wpisz co najmniej {min} cyfr"))
  package static let phoneTooShort = ErrorCode(
    "phone.tooShort",
    LocalizedText(en: "Enter at least {min} digits", pl: "Wpisz co najmniej {min} cyfr"))
  package static let phoneTooLong = ErrorCode(
    "phone.tooLong",
    LocalizedText(en: "Enter at most {max} digits", pl: "Wpisz najwyżej {max} cyfr"))
  package static let phoneInvalid = ErrorCode(
    "phone.invalid",
    LocalizedText(
      en: "Enter digits only, with an optional + in front",
      pl: "Wpisz same cyfry, opcjonalnie z + na początku"))
}
