import JSONRPC
import TestSupport

/// Random JSON values for round-trip properties: every type, awkward strings, numbers in
/// every spelling the grammar allows.
struct RandomJSON {
  var generator: SplitMix64

  init(seed: UInt64) { generator = SplitMix64(seed: seed) }

  mutating func value(depth: Int = 0) -> JSONValue {
    let containers = depth < 5
    switch Int.random(in: 0..<(containers ? 8 : 6), using: &generator) {
    case 0: return .null
    case 1: return .bool(Bool.random(using: &generator))
    case 2, 3: return .number(number())
    case 4, 5: return .string(string())
    case 6:
      let count = Int.random(in: 0...4, using: &generator)
      return .array((0..<count).map { _ in value(depth: depth + 1) })
    default:
      var object = JSONObject()
      for _ in 0..<Int.random(in: 0...4, using: &generator) {
        object.append(string(maxLength: 6), value(depth: depth + 1))
      }
      return .object(object)
    }
  }

  mutating func number() -> JSONNumber {
    switch Int.random(in: 0..<2, using: &generator) {
    case 0:
      return JSONNumber(Int.random(in: Int.min...Int.max, using: &generator))
    default:
      return numberFromGrammar()
    }
  }

  /// A number spelled by walking the RFC 8259 grammar: sign, integer, fraction, exponent.
  private mutating func numberFromGrammar() -> JSONNumber {
    var text = Bool.random(using: &generator) ? "-" : ""
    if Bool.random(using: &generator) {
      text += "0"
    } else {
      text += String(Int.random(in: 1...9, using: &generator)) + digits(maxCount: 25)
    }
    if Bool.random(using: &generator) { text += "." + String(digit()) + digits(maxCount: 10) }
    if Bool.random(using: &generator) {
      text += ["e", "E"].randomElement(using: &generator) ?? "e"
      text += ["", "+", "-"].randomElement(using: &generator) ?? ""
      text += String(digit()) + digits(maxCount: 4)
    }
    guard case .number(let number)? = try? JSONReader.parse(Array(text.utf8)) else {
      return JSONNumber(0)
    }
    return number
  }

  private mutating func digit() -> Int { Int.random(in: 0...9, using: &generator) }

  private mutating func digits(maxCount: Int) -> String {
    let count = Int.random(in: 0...maxCount, using: &generator)
    return String((0..<count).map { _ in Character(String(digit())) })
  }

  /// Strings drawn from ASCII, the characters JSON must escape, and non-ASCII scalars of
  /// every UTF-8 width, astral planes included.
  mutating func string(maxLength: Int = 12) -> String {
    let pools: [ClosedRange<UInt32>] = [
      0x00...0x1F, 0x20...0x7E, 0x22...0x22, 0x5C...0x5C, 0x7F...0x7FF, 0x800...0xD7FF,
      0xE000...0xFFFF, 0x10000...0x10FFFF,
    ]
    var scalars = String.UnicodeScalarView()
    for _ in 0..<Int.random(in: 0...maxLength, using: &generator) {
      let pool = pools.randomElement(using: &generator) ?? 0x20...0x7E
      if let scalar = Unicode.Scalar(UInt32.random(in: pool, using: &generator)) {
        scalars.append(scalar)
      }
    }
    return String(scalars)
  }
}
