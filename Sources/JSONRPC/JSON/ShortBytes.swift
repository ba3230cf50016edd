/// Comparing the short byte strings a request is matched by: member names, method names,
/// field kinds, edit types.
enum ShortBytes {
  /// Whether the `count` bytes at `left` and `right` are equal. These strings are a few
  /// bytes long and usually differ in their first byte, where a call to `memcmp` costs
  /// more than this whole loop.
  @inline(__always)
  static func equal(_ left: UnsafePointer<UInt8>, _ right: UnsafePointer<UInt8>, count: Int)
    -> Bool
  {
    var index = 0
    while index < count {
      if left[index] != right[index] { return false }
      index += 1
    }
    return true
  }
}
