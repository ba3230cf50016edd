/// Memory for the token tape and the writer, allocated once and reused from message to
/// message. (An `Array` checked uniqueness and bounds on every token or byte written, which
/// cost more than the parsing and the writing.) Both properties are `let`, so reading them
/// needs no exclusivity check.
@usableFromInline
final class BufferStorage<Element> {
  @usableFromInline let base: UnsafeMutablePointer<Element>
  @usableFromInline let capacity: Int

  init(capacity: Int) {
    self.capacity = capacity
    base = .allocate(capacity: capacity)
  }

  /// The elements are plain values (bytes, tokens): nothing to deinitialize.
  deinit { base.deallocate() }

  /// Fresh storage of `capacity` holding the first `count` elements of this one.
  func copy(keeping count: Int, capacity: Int) -> BufferStorage {
    let copy = BufferStorage(capacity: max(capacity, count))
    copy.base.initialize(from: base, count: min(count, self.capacity))
    return copy
  }
}
