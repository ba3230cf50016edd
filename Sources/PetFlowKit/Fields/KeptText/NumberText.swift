/// A number at the start of kept cells, as a person writes one: an optional `-`, digits, and
/// at most one `.` with a digit on at least one side (a comma or another decimal separator was
/// kept as `.`). Where it ends is for the kind to judge: a hemisphere letter may follow a
/// coordinate, nothing may follow an age.
struct NumberText {
  let negative: Bool
  /// The cells of the integer digits, and of the decimals.
  private let integerCells: Range<Int>
  private let fractionCells: Range<Int>
  /// The first cell after the number.
  let end: Int

  init?(_ cells: KeptCells, allowingSign: Bool) {
    let isDigit = { (index: Int) in cells.byte(index).map { $0 &- UInt8(ascii: "0") < 10 } ?? false
    }
    var index = 0
    negative = allowingSign && cells.byte(0) == UInt8(ascii: "-")
    if negative { index += 1 }
    let integerStart = index
    while isDigit(index) { index += 1 }
    integerCells = integerStart..<index
    var fractionStart = index
    if cells.byte(index) == UInt8(ascii: ".") {
      index += 1
      fractionStart = index
      while isDigit(index) { index += 1 }
    }
    fractionCells = fractionStart..<index
    guard !integerCells.isEmpty || !fractionCells.isEmpty else { return nil }
    end = index
  }

  /// The integer digits' ASCII. Every cell of the number is one byte from the first cell on, so
  /// its cells are its bytes.
  func integer(in cells: KeptCells) -> ArraySlice<UInt8> { cells.utf8[integerCells] }

  func fraction(in cells: KeptCells) -> ArraySlice<UInt8> { cells.utf8[fractionCells] }
}
