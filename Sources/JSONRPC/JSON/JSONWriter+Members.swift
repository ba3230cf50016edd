/// A member of the object being written, `"name":value`, in one call: the common case of
/// `key` followed by a value.
extension JSONWriter {
  @inlinable @inline(__always) public mutating func member(_ name: StaticString, _ value: String) {
    key(name)
    string(value)
  }

  @inlinable @inline(__always) public mutating func member(_ name: StaticString, _ value: Int) {
    key(name)
    int(value)
  }

  @inlinable @inline(__always) public mutating func member(_ name: StaticString, _ value: Bool) {
    key(name)
    bool(value)
  }
}
