// The workloads: their inputs made beforehand, then run in `measured`.
import PetFlowKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

enum Bench {
  /// The chip number a typist types: `benchmarks/driver.c`'s `typed_chip` digits.
  static let chipDigits = Array("123456789012345")
  static let latitudeTyped = Array("52.2297")

  static func main(_ arguments: [String]) {
    guard arguments.count == 2, let count = Int(arguments[1]), count > 0 else {
      usage()
    }
    let checksum: Int
    switch arguments[0] {
    case "chip-change": checksum = chipChange(count)
    case "chip-handle": checksum = handle(chipBodies(count))
    case "latitude-handle": checksum = handle(latitudeBodies(count))
    default: usage()
    }
    print("\(arguments[0]) \(count) keystrokes, checksum \(checksum)")
  }

  static func usage() -> Never {
    print("usage: petflow-bench chip-change|chip-handle|latitude-handle COUNT")
    exit(2)
  }

  /// The chip workload through the typed API, as a `UITextField` delegate calls it: keystroke 0
  /// of each cycle of 16 clears the field (its whole text replaced by nothing), keystrokes 1 to
  /// 15 insert the next digit at the caret, at the end of what the previous answer showed (the
  /// daemon's workload sends that text plus the digit to `field/format`).
  static func chipChange(_ count: Int) -> Int {
    // As UIKit hands them over: the replacement a `String` already, made before the count.
    let replacements = chipDigits.map { String($0) }
    var text = ""
    var checksum = 0
    measured {
      for keystroke in 0..<count {
        let typed = keystroke % 16
        let length = text.utf16.count
        let change =
          typed == 0
          ? FieldKind.chipNumber.change(
            text: text, selection: length..<length, range: 0..<length, replacement: "")
          : FieldKind.chipNumber.change(
            text: text, selection: length..<length, range: length..<length,
            replacement: replacements[typed - 1])
        text = change.text
        checksum &+= change.caret
      }
    }
    return checksum
  }

  /// The daemon's chip workload, byte for byte without its framing (`driver.c`'s
  /// `chip_request`): `field/format` of the text the previous answer showed plus one digit.
  static func chipBodies(_ count: Int) -> [[UInt8]] {
    (0..<count).map { index in
      let typed = index % 16
      var text = ""
      for digit in 0..<typed {
        if (digit == 5 && typed - 1 > 5) || (digit == 10 && typed - 1 > 10) { text += "-" }
        text.append(chipDigits[digit])
      }
      return Array(
        (#"{"jsonrpc":"2.0","id":\#(index + 1),"method":"field/format","params":{"field":"#
          + #""chipNumber","text":"\#(text)","caret":\#(text.utf8.count)}}"#).utf8)
    }
  }

  /// The budget's latitude workload (`benchmarks/workloads.py`'s `latitude_keystrokes`):
  /// `52.2297` typed key by key through `field/edit`, and again.
  static func latitudeBodies(_ count: Int) -> [[UInt8]] {
    (0..<count).map { index in
      let at = index % latitudeTyped.count
      let text = String(latitudeTyped[..<at])
      return Array(
        (#"{"jsonrpc":"2.0","id":\#(index + 1),"method":"field/edit","params":{"field":"latitude","#
          + #""text":"\#(text)","selection":{"start":\#(at),"end":\#(at)},"#
          + #""edit":{"type":"insert","text":"\#(latitudeTyped[at])"}}}"#).utf8)
    }
  }

  /// Each body through one server, as an app holding one `PetFlowServer` sends them. Prints
  /// the time `measured` took (benchmarks/wasm.mjs compares it with petflow.wasm's).
  static func handle(_ bodies: [[UInt8]]) -> Int {
    let server = PetFlowServer()
    var checksum = 0
    let start = monotonicNanoseconds()
    measured {
      for body in bodies {
        checksum &+= server.handle(body)?.count ?? 0
      }
    }
    print("measured \(monotonicNanoseconds() - start) ns")
    return checksum
  }

  static func monotonicNanoseconds() -> Int {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return now.tv_sec * 1_000_000_000 + now.tv_nsec
  }

  /// The work counted: callgrind collects only inside this function (`--toggle-collect`).
  @inline(never)
  static func measured(_ work: () -> Void) {
    work()
  }
}
