/// Memory for a tape's tokens, allocated once and reused from message to message.
///
/// An `Array` checks uniqueness and bounds on every token written, which cost more than
/// the parsing itself. This memory is written through a pointer by the parser only, before
/// any document shares it; the tape never writes to storage a document still holds (it
/// checks `isKnownUniquelyReferenced` first and takes fresh memory otherwise). Both
/// properties are `let`, so reading them needs no exclusivity check.
final class TokenStorage: @unchecked Sendable {
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

/// A document's tokens: the first `count` of a storage, read with a bounds check each.
public struct TokenList: Sendable {
  private let storage: TokenStorage
  public let count: Int

  init(storage: TokenStorage, count: Int) {
    self.storage = storage
    self.count = min(count, storage.capacity)
  }

  public var indices: Range<Int> { 0..<count }

  /// The token at `index`; out of range (never asked by a careful caller) a null token
  /// whose subtree ends at once, so no loop can run away.
  public subscript(index: Int) -> JSONTape.Token {
    guard index >= 0, index < count else {
      return JSONTape.Token(kind: .null, isEscaped: false, start: 0, end: 0, next: Int.max)
    }
    return storage.base[index]
  }
}
