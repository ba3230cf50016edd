/// The kinds whose fields keep what is typed: phone, latitude, longitude, age and date. A field
/// of these never holds less than the person entered; typing drops only what cannot change the
/// value, and the text is judged as it stands. This is what the kept-text editor asks of each;
/// the answers live in each kind's file.
package enum KeptGrammar: Sendable {
  case phone
  case coordinate(CoordinateAxis)
  case age
  case date
  /// A kind that declares its rules in its own file (`KeptRules`, given as its `read`): how a
  /// kind added later keeps what is typed, so that adding it edits no file but its own. A static
  /// function, so that copying the grammar on every keystroke retains nothing; not a metatype,
  /// which Embedded Swift (the WebAssembly build) refuses.
  case rules(@Sendable (KeptCells, FieldContext) -> FieldReading)

  /// Whether a typed scalar is left out without a word: whitespace and format characters
  /// (invisible, `FormatCharacters`) in every kind, and for a phone the punctuation people write
  /// between groups. Nothing else can be left out.
  func drops(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.isASCII {
      switch scalar {
      case " ", "\t", "\n", "\r", "\u{0B}", "\u{0C}": return true
      default: break
      }
    } else if scalar.properties.isWhitespace || FormatCharacters.contains(scalar) {
      return true
    }
    switch self {
    case .phone: return PhoneGrammar.isPunctuation(scalar)
    case .coordinate, .age, .date, .rules: return false
    }
  }

  /// The ASCII a single scalar is kept as: a decimal digit of any script as its ASCII digit,
  /// and the look-alikes of the kind's own signs as those signs (a minus sign as `-`, a comma
  /// or an Arabic decimal separator as `.`, a fullwidth plus as `+`). Nil keeps it as typed.
  @inline(__always)
  func ascii(for scalar: Unicode.Scalar, digits: inout DecimalDigitReader) -> UInt8? {
    if scalar.value &- 0x30 < 10 { return UInt8(truncatingIfNeeded: scalar.value) }
    if let digit = digits.asciiDigit(scalar) { return digit }
    switch self {
    case .phone:
      return scalar == "\u{FF0B}" ? UInt8(ascii: "+") : nil
    case .coordinate, .age:
      if NumberParts.isMinus(scalar) { return UInt8(ascii: "-") }
      return NumberParts.isDecimalSeparator(scalar) ? UInt8(ascii: ".") : nil
    case .date:
      return DateGrammar.isDash(scalar) ? UInt8(ascii: "-") : nil
    case .rules: return nil
    }
  }

  /// The cell that separates semantic groups, which deleting never moves a digit across (a
  /// date's `-`); nil for kinds whose groups are only drawn.
  var separator: UInt8? {
    switch self {
    case .date: return UInt8(ascii: "-")
    case .phone, .coordinate, .age, .rules: return nil
    }
  }

  /// Where the display draws separators among the cells.
  func drawn(in cells: KeptCells) -> DrawnSeparators {
    switch self {
    case .phone: return DrawnSeparators(PhoneGrammar.groupStarts(in: cells), as: " ")
    case .date: return DrawnSeparators(DateGrammar.drawnHyphens(in: cells), as: "-")
    case .coordinate, .age, .rules: return DrawnSeparators()
    }
  }

  /// What the cells mean, judged whole: the value, or why there is none.
  func read(_ cells: KeptCells, context: FieldContext) -> FieldReading {
    switch self {
    case .phone: return PhoneGrammar.read(cells)
    case .coordinate(let axis): return CoordinateGrammar.read(cells, axis: axis)
    case .age: return AgeGrammar.read(cells)
    case .date: return DateGrammar.read(cells, today: context.today)
    case .rules(let read): return read(cells, context)
    }
  }

  /// Whether an edit that typed no separator kept every cell after it (from `tail` in `old`, from
  /// `tail + shift` in `new`) in its group: only a date's groups are semantic.
  func keepsGroups(from old: KeptCells, to new: KeptCells, tail: Int, shift: Int) -> Bool {
    switch self {
    case .date: return DateGrammar.keepsGroups(from: old, to: new, tail: tail, shift: shift)
    case .phone, .coordinate, .age, .rules: return true
    }
  }
}

/// The rules of a kind that keeps what is typed, declared in its own file (`Kinds/`): how its
/// whole text reads. Typing drops whitespace and invisible format characters only, every other
/// character stays as typed and is judged by `read`; the display draws no separators, so what is
/// shown is what was typed (a filtering digit mask is the chip number's exception, never a new
/// kind's).
package protocol KeptRules: Sendable {
  /// What the cells mean, judged whole: the value, or why there is none (an empty text is
  /// `.empty`: required-ness is judged elsewhere).
  static func read(_ cells: KeptCells, context: FieldContext) -> FieldReading
}

/// Separators the display draws before some cells (a phone's group spaces, a date's hyphens
/// once a group is full): a bit per cell, so placing a caret costs no allocation. Only the first
/// 64 cells can have one, which no kind's groups go past.
struct DrawnSeparators: Equatable {
  /// Bit `i` set: a separator stands before cell `i`.
  var before: UInt64 = 0
  var byte = UInt8(ascii: " ")

  init() {}

  init(_ before: UInt64, as separator: Unicode.Scalar) {
    self.before = before
    byte = UInt8(truncatingIfNeeded: separator.value)
  }

  func isDrawn(before cell: Int) -> Bool {
    cell >= 0 && cell < 64 && before & (1 &<< UInt64(cell)) != 0
  }

  /// How many are drawn before cells `0..<cell`, and before `cell` itself when `including`.
  func count(upTo cell: Int, including: Bool) -> Int {
    let limit = including ? cell + 1 : cell
    guard limit > 0 else { return 0 }
    guard limit < 64 else { return before.nonzeroBitCount }
    return (before & ((1 &<< UInt64(limit)) &- 1)).nonzeroBitCount
  }
}
