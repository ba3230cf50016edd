// What the module's host gives it (imports from module `petflow`): today's date, random bytes,
// a log line. The library reads none of these itself.
import PetFlowCore

@_extern(wasm, module: "petflow", name: "today")
@_extern(c)
private func hostToday() -> Int32

@_extern(wasm, module: "petflow", name: "random")
@_extern(c)
private func hostRandom(_ address: UnsafeMutableRawPointer?, _ length: Int32)

@_extern(wasm, module: "petflow", name: "log")
@_extern(c)
private func hostLog(_ address: UnsafeRawPointer?, _ length: Int32)

enum HostServices {
  /// The host's local date; nil when it cannot say (0) or says no date.
  static func today() -> CalendarDate? {
    let date = Int(hostToday())
    guard date > 0 else { return nil }
    return CalendarDate(year: date / 10_000, month: date / 100 % 100, day: date % 100)
  }

  /// Four random bytes from the host (`crypto.getRandomValues`), never the same across
  /// instances: the flow ids' prefix.
  static func randomWord() -> UInt32 {
    var word: UInt32 = 0
    withUnsafeMutableBytes(of: &word) { hostRandom($0.baseAddress, 4) }
    return word
  }

  /// One log line, without the newline petflowd ends it with on stderr.
  static func log(_ line: String) {
    var text = line
    if text.utf8.last == UInt8(ascii: "\n") { text.removeLast() }
    text.withUTF8 { hostLog($0.baseAddress, Int32(truncatingIfNeeded: $0.count)) }
  }
}

/// The C runtime's allocator (Runtime/allocator.c), for buffers the host writes and reads.
enum RuntimeMemory {
  static func allocate(_ size: Int) -> UnsafeMutableRawPointer? { petflowMalloc(size) }
  static func free(_ pointer: UnsafeMutableRawPointer?) { petflowFree(pointer) }
}

@_extern(c, "petflow_memory_allocate")
private func petflowMalloc(_ size: Int) -> UnsafeMutableRawPointer?

@_extern(c, "petflow_memory_free")
private func petflowFree(_ pointer: UnsafeMutableRawPointer?)
