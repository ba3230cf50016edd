/// The date kind: `YYYY-MM-DD`, whose year, month and day are semantic groups: a hyphen is
/// drawn once a group is full, and no edit moves a digit across one. A date written day-first
/// with dots, as Polish writes it (`20.11.2025`), is read as that date and shown as typed.
extension KindDeclaration {
  /// A calendar date, `YYYY-MM-DD` (or day-first with dots), no later than today.
  static let date = KindDeclaration(
    label: LocalizedText(en: "Date", pl: "Data"),
    hint: LocalizedText(
      en: "Year, month and day, for example 2025-11-20 or 20.11.2025",
      pl: "Rok, miesiąc i dzień, na przykład 2025-11-20 lub 20.11.2025"),
    placeholder: DateGrammar.pattern, keyboard: .numberPad, editing: .kept(.date),
    longestValue: DateGrammar.pattern.text(in: .en).count, required: FieldError(.dateRequired),
    codes: [
      .dateRequired, .dateInvalid, .dateNoSuchDay, .dateInFuture, .dateTooEarly, .dateTooLate,
    ],
    examples: ["1970-01-01", "2020-02-29"])
}

/// What a date's text means, and where its display draws hyphens.
enum DateGrammar {
  /// The mask, as the placeholder shows it in each language.
  static let pattern = LocalizedText(en: "YYYY-MM-DD", pl: "RRRR-MM-DD")
  /// The digits of each group, from the mask: [4, 2, 2].
  static let groupSizes = groups(of: pattern.text(in: .en)).map { $0.count }
  private static func groups(of mask: String) -> [Substring] { mask.split(separator: "-") }
  private static let hyphen = UInt8(ascii: "-")

  /// The dashes of every script, read as the hyphen that separates a date's groups.
  static func isDash(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x2D, 0x2010...0x2015, 0x2212, 0xFE58, 0xFE63, 0xFF0D: return true
    default: return false
    }
  }

  /// The groups as the cells fill them, read left to right: digits fill the current group, a
  /// digit after a full group starts the next behind a drawn hyphen, a typed hyphen ends a
  /// group however full. Anything else (a dot, a slash, a letter, a hyphen first or after the
  /// day) ends the structure: from there on the text is shown as typed.
  private struct Walk {
    /// Bit `i`: a hyphen is drawn before cell `i`.
    var drawn: UInt64 = 0
    /// Whether every cell fit the structure.
    var isStructured = true
    var group = 0
    /// Digits and value of each group so far.
    var digits = [0, 0, 0]
    var values = [0, 0, 0]

    init(_ cells: KeptCells) {
      for index in 0..<cells.count {
        guard let byte = cells.byte(index) else {
          isStructured = false
          return
        }
        if byte &- UInt8(ascii: "0") < 10 {
          if digits[group] >= groupSizes[group] && group < groupSizes.count - 1 {
            if index < 64 { drawn |= 1 &<< UInt64(index) }
            group += 1
          }
          digits[group] += 1
          // A group past its size (a day of five digits) is no date: its value stops growing.
          if digits[group] <= 4 {
            values[group] = values[group] * 10 + Int(byte &- UInt8(ascii: "0"))
          }
        } else if byte == hyphen, index > 0, group < groupSizes.count - 1 {
          group += 1
        } else {
          isStructured = false
          return
        }
      }
    }

    /// The year, month and day the groups write, when they are complete: `YYYY-MM-DD`, each
    /// group full.
    var numbers: WrittenDate? {
      guard isStructured, digits == groupSizes else { return nil }
      return WrittenDate(year: values[0], month: values[1], day: values[2])
    }
  }

  static func drawnHyphens(in cells: KeptCells) -> UInt64 { Walk(cells).drawn }

  /// Whether an edit kept every untouched digit in its group: the cells from `tail` on in `old`
  /// are those from `tail + shift` on in `new`. A digit typed into a full group in the middle
  /// would push the digits after it across a hyphen; that edit is refused.
  static func keepsGroups(from old: KeptCells, to new: KeptCells, tail: Int, shift: Int) -> Bool {
    let before = DrawnSeparators(drawnHyphens(in: old), as: "-")
    let after = DrawnSeparators(drawnHyphens(in: new), as: "-")
    for index in tail..<old.count
    where old.byte(index).map({ $0 &- UInt8(ascii: "0") < 10 }) == true {
      // Typed hyphens were kept, so only the drawn ones can differ.
      guard
        before.count(upTo: index, including: true)
          == after.count(upTo: index + shift, including: true)
      else { return false }
      // Past the 64th cell on both sides no hyphen is drawn: the counts are totals from here on.
      if index >= 64 && index + shift >= 64 { break }
    }
    return true
  }

  /// A whole date: `YYYY-MM-DD` with every group full, or day-first with dots (`20.11.2025`,
  /// `1.2.2025`); not after today. A day from 1 to 31 past its month's end (`31.02.2025`) is
  /// `date.noSuchDay`, which says how many days the month has; anything else (partial, slashes,
  /// a separator before the first group or after the last, month 13, day 0) is `date.invalid`:
  /// no guessing which group is which.
  static func read(_ cells: KeptCells, today: CalendarDate) -> FieldReading {
    guard !cells.isEmpty else { return .empty }
    guard let written = Walk(cells).numbers ?? dayFirst(cells) else {
      return .invalid(FieldError(.dateInvalid))
    }
    guard
      let date = CalendarDate(year: written.year, month: written.month, day: written.day)
    else { return .invalid(written.noSuchDay ?? FieldError(.dateInvalid)) }
    guard date <= today else { return .invalid(FieldError(.dateInFuture)) }
    return FieldReading(value: .string(date.description))
  }

  /// The numbers of a date in an accepted form, before the calendar has judged them.
  private struct WrittenDate {
    var year: Int
    var month: Int
    var day: Int

    /// `date.noSuchDay` when the year and month exist and the day is one a month can have (up
    /// to 31) but this month has not; nil otherwise.
    var noSuchDay: FieldError? {
      guard (1...9999).contains(year), (1...12).contains(month), (29...31).contains(day) else {
        return nil
      }
      let days = CalendarDate.days(inMonth: month, year: year)
      guard day > days else { return nil }
      return FieldError(
        .dateNoSuchDay,
        [
          FieldError.Param("year", .int(Int64(year))), FieldError.Param("month", .month(month)),
          FieldError.Param("days", .int(Int64(days))),
        ])
    }
  }

  /// The months' names in each language, January first, as a date's messages name them: Polish
  /// in the nominative, lower case as Polish writes it inside a sentence.
  private static let monthNames = [
    LocalizedText(en: "January", pl: "styczeń"), LocalizedText(en: "February", pl: "luty"),
    LocalizedText(en: "March", pl: "marzec"), LocalizedText(en: "April", pl: "kwiecień"),
    LocalizedText(en: "May", pl: "maj"), LocalizedText(en: "June", pl: "czerwiec"),
    LocalizedText(en: "July", pl: "lipiec"), LocalizedText(en: "August", pl: "sierpień"),
    LocalizedText(en: "September", pl: "wrzesień"),
    LocalizedText(en: "October", pl: "październik"),
    LocalizedText(en: "November", pl: "listopad"), LocalizedText(en: "December", pl: "grudzień"),
  ]

  /// Month `month`'s name in `language`; a number outside 1 to 12 as its digits.
  static func monthName(_ month: Int, in language: Language) -> String {
    guard (1...monthNames.count).contains(month) else { return String(month) }
    return monthNames[month - 1].text(in: language)
  }

  /// `D.M.YYYY` with one or two digits for the day and the month, as Polish writes a date.
  private static func dayFirst(_ cells: KeptCells) -> WrittenDate? {
    var numbers: [Int] = []
    var digits = 0
    var value = 0
    for index in 0...cells.count {
      let byte = cells.byte(index)
      if let byte, byte &- UInt8(ascii: "0") < 10 {
        guard digits < 4 else { return nil }
        value = value * 10 + Int(byte &- UInt8(ascii: "0"))
        digits += 1
      } else if byte == UInt8(ascii: ".") || index == cells.count {
        guard digits > 0 else { return nil }
        numbers.append(value)
        guard numbers.count <= 3, digits <= (numbers.count == 3 ? 4 : 2),
          numbers.count < 3 || digits == 4
        else { return nil }
        (digits, value) = (0, 0)
      } else {
        return nil
      }
    }
    guard numbers.count == 3 else { return nil }
    return WrittenDate(year: numbers[2], month: numbers[1], day: numbers[0])
  }
}

/// The kind's error codes, each with its message in every shipped language.
extension ErrorCode {
  package static let dateRequired = ErrorCode(
    "date.required", LocalizedText(en: "Enter the date", pl: "Podaj datę"))
  package static let dateInvalid = ErrorCode(
    "date.invalid",
    LocalizedText(
      en: "Enter a real date, for example 2025-11-20 or 20.11.2025",
      pl: "Wpisz prawdziwą datę, na przykład 2025-11-20 lub 20.11.2025"))
  package static let dateNoSuchDay = ErrorCode(
    "date.noSuchDay",
    LocalizedText(en: "{month} {year} has {days} days", pl: "{month} {year} ma {days} dni"))
  package static let dateInFuture = ErrorCode(
    "date.inFuture",
    LocalizedText(
      en: "The date cannot be after today", pl: "Data nie może być późniejsza niż dzisiejsza"))
  /// A date before a flow field's `notBefore` (`params.notBefore`, the day).
  package static let dateTooEarly = ErrorCode(
    "date.tooEarly",
    LocalizedText(
      en: "The date cannot be before {notBefore}",
      pl: "Data nie może być wcześniejsza niż {notBefore}"))
  /// A date after a flow field's `notAfter` (`params.notAfter`, the day).
  package static let dateTooLate = ErrorCode(
    "date.tooLate",
    LocalizedText(
      en: "The date cannot be after {notAfter}", pl: "Data nie może być późniejsza niż {notAfter}"))
}

extension FieldKind {
  /// Whether the kind's messages name months (`date.noSuchDay`): a translation names them too.
  var namesMonths: Bool { declaration === KindDeclaration.date }
}
