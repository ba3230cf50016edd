/// A mask grammar as a left-to-right state machine: offered one unit at a time, it says whether
/// the unit is kept, dropped as out of place, or dropped because a limit is full.
struct MaskSanitizer {
  enum Verdict: Equatable {
    case keep
    /// Out of place (a `+` after the first unit, a second `.`): filtering, not truncation.
    case ignore
    /// Over a limit (the 16th chip digit, a 7th decimal): truncation.
    case overflow
  }

  static let phoneDigits = 11
  static let coordinateIntegerDigits = 3
  static let coordinateFractionDigits = 6

  private let grammar: MaskRules.Grammar
  private var kept = 0
  private var digits = 0
  private var hasPoint = false
  private var decimals = 0

  init(_ grammar: MaskRules.Grammar) {
    self.grammar = grammar
  }

  /// Offers `units` in order, stopping at the first one not kept: its verdict, or `.keep` when
  /// every one was kept.
  mutating func offer(all units: some Sequence<UInt8>) -> Verdict {
    for unit in units {
      let verdict = offer(unit)
      if verdict != .keep { return verdict }
    }
    return .keep
  }

  /// What `offer(all: units)` would answer, without offering them.
  func verdict(ofOffering units: some Sequence<UInt8>) -> Verdict {
    var trial = self
    return trial.offer(all: units)
  }

  /// True once no further unit can be kept, whatever it is.
  var isSaturated: Bool {
    switch grammar {
    case .digits(let limit): return kept >= limit
    case .phone: return digits >= Self.phoneDigits
    case .coordinate: return hasPoint && decimals >= Self.coordinateFractionDigits
    }
  }

  /// One switch per unit, judging and recording together: this runs for every scalar of a
  /// text and for every unit an edit re-checks.
  @inline(__always)
  mutating func offer(_ unit: UInt8) -> Verdict {
    let isDigit = unit &- UInt8(ascii: "0") < 10
    switch grammar {
    case .digits(let limit):
      guard isDigit else { return .ignore }
      guard kept < limit else { return .overflow }
    case .phone:
      if isDigit {
        guard digits < Self.phoneDigits else { return .overflow }
        digits += 1
      } else {
        guard unit == UInt8(ascii: "+"), kept == 0 else { return .ignore }
      }
    case .coordinate:
      if isDigit {
        if hasPoint {
          guard decimals < Self.coordinateFractionDigits else { return .overflow }
          decimals += 1
        } else {
          guard digits < Self.coordinateIntegerDigits else { return .overflow }
          digits += 1
        }
      } else if unit == UInt8(ascii: ".") {
        guard !hasPoint else { return .ignore }
        hasPoint = true
      } else {
        guard unit == UInt8(ascii: "-"), kept == 0 else { return .ignore }
      }
    }
    kept += 1
    return .keep
  }
}
