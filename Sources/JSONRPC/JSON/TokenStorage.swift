/// Memory for a tape's tokens, allocated once and reused from message to message. (An `Array`
/// checked uniqueness and bounds on every token written, which cost more than the parsing.)
/// Both properties are `let`, so reading them needs no exclusivity check.
final class TokenStorage {
  let base: UnsafeMutablePointer<JSONTape.Token>
  let capacity: Int

  init(capacity: Int) {
    self.capacity = max(16, capacity)
    base = .allocate(capacity: self.capacity)
  }

  deinit { base.deallocate() }

  /// Fresh storage of twice the capacity holding the first `count` tokens of this one.
  func doubled(keeping count: Int) -> TokenStorage {
    let grown = TokenStorage(capacity: capacity * 2)
    grown.base.initialize(from: base, count: min(count, capacity))
    return grown
  }
}
