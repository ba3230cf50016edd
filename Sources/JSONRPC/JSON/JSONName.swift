/// A string of a parsed message (a member name, a method, an enum-like value) lent for the
/// length of a call, for matching against names known in advance: `switch name { case
/// "field": … }` compares its bytes, with no `String` made, and `name == kind.rawValue`
/// compares with a name known at run time.
public struct JSONName {
  /// The string's UTF-8, unescaped: a view of the message's bytes (or of a decoded copy)
  /// valid only inside the call that lent the name.
  let utf8: UnsafeBufferPointer<UInt8>

  public static func ~= (pattern: StaticString, name: JSONName) -> Bool {
    pattern.utf8CodeUnitCount == name.utf8.count
      && name.equals(pattern.utf8Start, count: pattern.utf8CodeUnitCount)
  }

  public static func == (name: JSONName, text: String) -> Bool {
    guard text.utf8.count == name.utf8.count else { return false }
    // Not `withUTF8`, which needs a mutable copy of the text: this costs a hundred instructions
    // less a keystroke (the method and the field kind are compared on each).
    return text.utf8.withContiguousStorageIfAvailable { other in
      other.baseAddress.map { name.equals($0, count: other.count) } ?? true
    } ?? text.utf8.elementsEqual(name.utf8)
  }

  /// The name as a `String`, for the names that are data (a field id) and for messages.
  public var string: String { String(decoding: utf8, as: UTF8.self) }

  /// Names are a few bytes long and usually differ in their first byte, where a call to
  /// `memcmp` costs more than this whole loop.
  @inline(__always)
  private func equals(_ other: UnsafePointer<UInt8>, count: Int) -> Bool {
    guard let base = utf8.baseAddress else { return count == 0 }
    var index = 0
    while index < count {
      if base[index] != other[index] { return false }
      index += 1
    }
    return true
  }
}
