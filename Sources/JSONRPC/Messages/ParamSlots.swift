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

  init(names: [StaticString] = []) {
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

  /// One slot of the tuple, read and written through its bytes (a `switch` over eight
  /// cases was a call per lookup). Positions outside 0..<8 read as absent, write nothing.
  private subscript(position: Int) -> Int32 {
    get {
      guard position >= 0, position < Self.capacity else { return Self.absent }
      return withUnsafeBytes(of: tokens) {
        $0.load(fromByteOffset: position * MemoryLayout<Int32>.stride, as: Int32.self)
      }
    }
    set {
      guard position >= 0, position < Self.capacity else { return }
      withUnsafeMutableBytes(of: &tokens) {
        $0.storeBytes(
          of: newValue, toByteOffset: position * MemoryLayout<Int32>.stride, as: Int32.self)
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
