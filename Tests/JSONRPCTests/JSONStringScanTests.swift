// The string scanner reads eight bytes at a time: special bytes must be found at every offset.
import JSONRPC
import Testing

@Suite struct JSONStringScanTests {
  /// An escape, a quote (escaped), a non-ASCII letter and a multi-byte emoji, each placed at
  /// every position of a 20-byte run, so each lands at every offset within a word.
  @Test(arguments: [#"\n"#, #"\""#, "é", "🐶", #"\\"#, #"\u0041"#])
  func specialSequenceIsFoundAtEveryPosition(special: String) throws {
    for position in 0...20 {
      let before = String(repeating: "a", count: position)
      let after = String(repeating: "b", count: 20 - position)
      let parsed = try JSONReader.parse(Array("\"\(before)\(special)\(after)\"".utf8))
      let expected = try JSONReader.parse(Array("[\"\(special)\"]".utf8))
      guard case .array(let items) = expected, case .string(let decoded)? = items.first else {
        Issue.record("could not decode \(special)")
        return
      }
      #expect(parsed == .string(before + decoded + after))
    }
  }

  @Test func rawControlCharacterIsRefusedAtEveryPosition() {
    for position in 0...20 {
      var bytes =
        Array("\"".utf8) + Array(repeating: UInt8(ascii: "a"), count: 21) + Array("\"".utf8)
      bytes[position + 1] = 0x09
      #expect(throws: JSONParseError.self) { try JSONReader.parse(bytes) }
    }
  }

  @Test func invalidUTF8IsRefusedAtEveryPosition() {
    for position in 0...20 {
      var bytes =
        Array("\"".utf8) + Array(repeating: UInt8(ascii: "a"), count: 21) + Array("\"".utf8)
      bytes[position + 1] = 0xFF
      #expect(throws: JSONParseError.self) { try JSONReader.parse(bytes) }
    }
  }
}
