/// Where each of a method's named parameters is in the message, found in one pass.
///
/// Holds up to eight names (no method takes more) in a fixed tuple, so reading params
/// allocates nothing. Tokens are 32-bit, which keeps `Params` small enough to copy
/// without `memcpy`; a token past `Int32.max` (a message of gigabytes) is left unfiled and
/// found by scanning, like a name not asked for.
struct ParamSlots: Sendable {
  static let capacity = 8
  private static let absent: Int32 = -1
  private static let unfiled: Int32 = -2

  let names: [StaticString]
  private var tokens: (Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32) =
    (absent, absent, absent, absent, absent, absent, absent, absent)

  init(names: [StaticString]) {
    self.names = names
  }

  /// The value token filed under `name`, `.some(nil)` when the name is known but absent,
  /// `nil` when `name` is not one of `names` or its token was too far to file (the caller
  /// then scans).
  func token(for name: StaticString) -> Int?? {
    for (position, candidate) in names.enumerated() where Self.same(candidate, name) {
      switch self[position] {
      case Self.absent: return .some(nil)
      case Self.unfiled: return nil
      case let token: return .some(Int(token))
      }
    }
    return nil
  }

  /// Files the value token of the name at `position`.
  mutating func file(_ token: Int, at position: Int) {
    self[position] = Int32(exactly: token) ?? Self.unfiled
  }

  private subscript(position: Int) -> Int32 {
    get {
      switch position {
      case 0: return tokens.0
      case 1: return tokens.1
      case 2: return tokens.2
      case 3: return tokens.3
      case 4: return tokens.4
      case 5: return tokens.5
      case 6: return tokens.6
      case 7: return tokens.7
      default: return -1
      }
    }
    set {
      switch position {
      case 0: tokens.0 = newValue
      case 1: tokens.1 = newValue
      case 2: tokens.2 = newValue
      case 3: tokens.3 = newValue
      case 4: tokens.4 = newValue
      case 5: tokens.5 = newValue
      case 6: tokens.6 = newValue
      case 7: tokens.7 = newValue
      default: break
      }
    }
  }

  /// Two static names are the same: the same literal (pointer) or the same bytes.
  private static func same(_ left: StaticString, _ right: StaticString) -> Bool {
    guard left.utf8CodeUnitCount == right.utf8CodeUnitCount else { return false }
    if left.utf8Start == right.utf8Start { return true }
    return ShortBytes.equal(left.utf8Start, right.utf8Start, count: left.utf8CodeUnitCount)
  }
}
