import JSONRPC
import Testing

/// The writer: compact, escaped, one line, and the inverse of the reader.
struct JSONWriterTests {
  @Test(arguments: [
    ("\"", #""\"""#), ("\\", #""\\""#), ("\n", #""\n""#), ("\r", #""\r""#), ("\t", #""\t""#),
    ("\u{8}", #""\b""#), ("\u{C}", #""\f""#), ("\u{0}", #""\u0000""#),
    ("\u{1}", #""\u0001""#), ("\u{B}", #""\u000b""#), ("\u{1F}", #""\u001f""#),
    ("a\"b\\c\nd", #""a\"b\\c\nd""#),
  ])
  func stringSpecialCharactersAreEscaped(text: String, expected: String) {
    #expect(written(.string(text)) == Array(expected.utf8))
  }

  /// The writer finds escapes eight bytes at a time: each must be found at every offset
  /// of a word, with non-ASCII text (written as is) before and after it.
  @Test(arguments: [("\"", #"\""#), ("\\", #"\\"#), ("\n", #"\n"#), ("\u{1}", #"\u0001"#)])
  func escapeIsFoundAtEveryPosition(special: String, escaped: String) {
    for position in 0...20 {
      let before =
        String(repeating: "é", count: position / 2) + String(repeating: "a", count: position % 2)
      let after = String(repeating: "b", count: 20 - position) + "🐶"
      #expect(
        written(.string(before + special + after)) == Array("\"\(before)\(escaped)\(after)\"".utf8))
    }
  }

  @Test(arguments: ["/", "\u{7F}", "'", "<>&", " "])
  func printableASCIIIsWrittenAsIs(text: String) {
    #expect(written(.string(text)) == Array("\"\(text)\"".utf8))
  }

  @Test(arguments: ["é", "日本語", "🐶", "\u{FEFF}", "\u{10FFFF}", "©°«»·", "—…€←", "\u{2027}\u{202A}"])
  func nonASCIIIsWrittenAsUTF8(text: String) {
    #expect(written(.string(text)) == [0x22] + Array(text.utf8) + [0x22])
  }

  @Test(
    "Line separators other than LF are escaped, so every line splitter sees one line",
    arguments: [
      ("\u{2028}", #""\u2028""#), ("\u{2029}", #""\u2029""#), ("\u{85}", #""\u0085""#),
      ("a\u{2028}b\u{2029}c\u{85}d", #""a\u2028b\u2029c\u0085d""#),
      ("long text before it\u{2028}", #""long text before it\u2028""#),
    ])
  func lineSeparatorsAreEscaped(text: String, json: String) {
    #expect(written(.string(text)) == Array(json.utf8))
  }

  @Test func rawJSONHasItsLineSeparatorsEscaped() {
    var writer = JSONWriter()
    let raw = Array(#""id\#u{2028}x\#u{85}""#.utf8)
    raw.withUnsafeBufferPointer { writer.value(json: $0) }
    #expect(Array(writer.bytes) == Array(#""id\u2028x\u0085""#.utf8))
  }

  @Test func outputIsCompact() {
    let value: JSONValue = ["a": [1, true, nil, "x"], "b": ["c": .object(JSONObject())]]
    #expect(value.jsonText == #"{"a":[1,true,null,"x"],"b":{"c":{}}}"#)
  }

  @Test func memberNamesAreEscaped() {
    let value: JSONValue = ["a\"\n": 1]
    #expect(value.jsonText == #"{"a\"\n":1}"#)
  }

  @Test func objectMembersAreWrittenInOrderWithDuplicates() {
    var object = JSONObject()
    object.append("b", 1)
    object.append("a", 2)
    object.append("b", 3)
    #expect(JSONValue.object(object).jsonText == #"{"b":1,"a":2,"b":3}"#)
  }

  @Test func resetEmptiesTheBuffer() {
    var writer = JSONWriter()
    writer.value([1, 2])
    writer.reset()
    writer.string("x")
    #expect(Array(writer.bytes) == Array(#""x""#.utf8))
  }

  @Test func theWriterPutsTheCommasAndColons() {
    var writer = JSONWriter()
    writer.beginObject()
    writer.key("a")
    writer.int(1)
    writer.key("b")
    writer.beginArray()
    writer.null()
    writer.bool(true)
    writer.beginObject()
    writer.endObject()
    writer.string("x")
    writer.endArray()
    writer.key(text: "c\n")
    writer.beginArray()
    writer.endArray()
    writer.endObject()
    #expect(
      String(decoding: writer.bytes, as: UTF8.self) == #"{"a":1,"b":[null,true,{},"x"],"c\n":[]}"#)
  }

  @Test func valuesWrittenOneAfterAnotherAreSeparated() {
    var writer = JSONWriter()
    writer.int(1)
    writer.null()
    #expect(Array(writer.bytes) == Array("1,null".utf8))
  }

  /// Every length, at every alignment, lands exactly, and growing the buffer in between loses
  /// nothing.
  @Test func appendsOfEveryLengthLandExactly() {
    var writer = JSONWriter(capacity: 64)
    var expected: [UInt8] = []
    for offset in 0..<9 {
      for length in 0...40 {
        let chunk = (0..<length).map { UInt8(truncatingIfNeeded: 0x41 + (offset * 7 + $0) % 26) }
        chunk.withUnsafeBufferPointer { writer.append(contentsOf: $0) }
        expected += chunk
        writer.append(UInt8(ascii: ","))
        expected.append(UInt8(ascii: ","))
      }
    }
    #expect(Array(writer.bytes) == expected)
  }

  @Test func outputNeverContainsARawControlCharacter() {
    var random = RandomJSON(seed: 0xC0DE)
    for _ in 0..<2_000 {
      let bytes = written(random.value())
      #expect(!bytes.contains { $0 < 0x20 })
    }
  }

  @Test func everyControlCharacterRoundTrips() throws {
    let text = String(String.UnicodeScalarView((0..<0x20).compactMap(Unicode.Scalar.init)))
    let bytes = written(.string(text))
    #expect(!bytes.contains { $0 < 0x20 })
    #expect(try JSONReader.parse(bytes) == .string(text))
  }

  @Test func randomValuesRoundTripThroughWriterAndReader() throws {
    var random = RandomJSON(seed: 0x5EED_2026)
    for _ in 0..<3_000 {
      let value = random.value()
      let bytes = written(value)
      let reread = try JSONReader.parse(bytes)
      #expect(reread == value, "\(String(decoding: bytes, as: UTF8.self))")
      #expect(written(reread) == bytes)
    }
  }
}

@Suite struct JSONWriterStorageTests {
  @Test func writesPastTheInitialCapacityGrowTheBuffer() {
    var writer = JSONWriter(capacity: 8)
    let long = String(repeating: "ab", count: 5_000)
    writer.string(long)
    #expect(String(decoding: writer.bytes, as: UTF8.self) == "\"\(long)\"")
  }

  @Test(arguments: [0, 7, -7, 10, 1_000_000, Int.max, Int.min])
  func integersAreWrittenAsDecimal(value: Int) {
    var writer = JSONWriter()
    writer.int(value)
    #expect(String(decoding: writer.bytes, as: UTF8.self) == String(value))
  }

  @Test func rewindDropsWhatWasWrittenAfterTheMarkAndItsComma() {
    var writer = JSONWriter()
    writer.beginArray()
    writer.int(1)
    let mark = writer.mark
    writer.int(2)
    writer.rewind(to: mark)
    writer.int(3)
    writer.endArray()
    #expect(String(decoding: writer.bytes, as: UTF8.self) == "[1,3]")
  }

  @Test func roomIsFilledLaterWhereItWasLeft() {
    var writer = JSONWriter(capacity: 64)
    writer.leaveRoom(3)
    writer.string("body")
    let header = Array("H:".utf8)
    header.withUnsafeBufferPointer { writer.overwrite($0, endingAt: 3) }
    writer.remove(0..<1)
    #expect(String(decoding: writer.bytes, as: UTF8.self) == #"H:"body""#)
    writer.remove(2..<4)
    #expect(String(decoding: writer.bytes, as: UTF8.self) == #"H:ody""#)
  }
}

/// A progress label written as its two numbers, never made a String first.
struct JSONWriterFractionTests {
  @Test(arguments: [(2, 4, #"["2/4"]"#), (0, 0, #"["0/0"]"#), (-3, 12, #"["-3/12"]"#)])
  func fractionIsOneStringInItsPlace(numerator: Int, denominator: Int, expected: String) {
    var writer = JSONWriter()
    writer.beginArray()
    writer.string(numerator: numerator, denominator: denominator)
    writer.endArray()
    #expect(writer.bytes == Array(expected.utf8))
  }

  @Test func fractionAfterAValueIsSeparatedByAComma() {
    var writer = JSONWriter()
    writer.beginObject()
    writer.member("current", 2)
    writer.key("label")
    writer.string(numerator: 2, denominator: 3)
    writer.endObject()
    #expect(writer.bytes == Array(#"{"current":2,"label":"2/3"}"#.utf8))
  }
}
