import JSONRPC
import Testing

/// A document the reader must refuse, with the reason and the offset it should name.
struct InvalidDocument: Sendable, CustomTestStringConvertible {
  let bytes: [UInt8]
  let reason: JSONParseError.Reason
  let offset: Int

  init(_ text: String, _ reason: JSONParseError.Reason, at offset: Int) {
    self.init(bytes: Array(text.utf8), reason, at: offset)
  }

  init(bytes: [UInt8], _ reason: JSONParseError.Reason, at offset: Int) {
    self.bytes = bytes
    self.reason = reason
    self.offset = offset
  }

  var testDescription: String {
    bytes.map { $0 >= 0x20 && $0 < 0x7F ? String(UnicodeScalar($0)) : "<\($0)>" }.joined()
  }
}

/// Documents of every RFC 8259 category that the reader must refuse, each with the reason
/// it gives and the byte it points at.
struct JSONReaderInvalidTests {
  private func expectRefused(_ document: InvalidDocument) {
    let error = parseError(document.bytes)
    #expect(error?.reason == document.reason)
    #expect(error?.offset == document.offset)
  }

  @Test(arguments: [
    InvalidDocument(#""\x""#, .invalidEscape, at: 1),
    InvalidDocument(#""\u12G4""#, .invalidEscape, at: 1),
    InvalidDocument(#""ab\u12""#, .invalidEscape, at: 3),
    InvalidDocument(#""\U0041""#, .invalidEscape, at: 1),
    InvalidDocument(#""\'""#, .invalidEscape, at: 1),
    InvalidDocument(#""\a""#, .invalidEscape, at: 1),
    InvalidDocument(#""\0""#, .invalidEscape, at: 1),
    InvalidDocument(#""\ ""#, .invalidEscape, at: 1),
    InvalidDocument(#""\ud83d\uZZZZ""#, .invalidEscape, at: 7),
  ])
  func badEscapeIsRefused(document: InvalidDocument) {
    expectRefused(document)
  }

  @Test(arguments: [
    InvalidDocument(#""\ud83d""#, .unpairedSurrogate, at: 1),
    InvalidDocument(#""\udc36""#, .unpairedSurrogate, at: 1),
    InvalidDocument(#""ab\udc36\ud83d""#, .unpairedSurrogate, at: 3),
    InvalidDocument(#""\ud83d\u0041""#, .unpairedSurrogate, at: 1),
    InvalidDocument(#""\ud83d\ud83d""#, .unpairedSurrogate, at: 1),
    InvalidDocument(#""\ud83dx""#, .unpairedSurrogate, at: 1),
    InvalidDocument(#""\ud83d\n""#, .unpairedSurrogate, at: 1),
    InvalidDocument(#"{"\udfff":1}"#, .unpairedSurrogate, at: 2),
  ])
  func unpairedSurrogateEscapeIsRefused(document: InvalidDocument) {
    expectRefused(document)
  }

  @Test(arguments: [
    InvalidDocument(bytes: [0x22, 0xFF, 0x22], .invalidUTF8, at: 1),
    InvalidDocument(bytes: [0x22, 0x61, 0xC0, 0x80, 0x22], .invalidUTF8, at: 2),
    InvalidDocument(bytes: [0x22, 0xE0, 0x80, 0x80, 0x22], .invalidUTF8, at: 1),
    InvalidDocument(bytes: [0x22, 0x80, 0x22], .invalidUTF8, at: 1),
    InvalidDocument(bytes: [0x22, 0xE2, 0x82, 0x22], .invalidUTF8, at: 1),
    InvalidDocument(bytes: [0x22, 0xC3, 0xA9, 0xF0, 0x9F, 0x90, 0x22], .invalidUTF8, at: 3),
    InvalidDocument(bytes: [0x22, 0xED, 0xA0, 0x80, 0x22], .invalidUTF8, at: 1),
    InvalidDocument(bytes: [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], .invalidUTF8, at: 1),
    InvalidDocument(bytes: [0x22, 0xF5, 0x80, 0x80, 0x80, 0x22], .invalidUTF8, at: 1),
    // After an escape, the string is decoded on the slow path: the offset must still
    // point at the bad byte, not at the start of the string.
    InvalidDocument(bytes: Array(#""\n"#.utf8) + [0xFF, 0x22], .invalidUTF8, at: 3),
    InvalidDocument(bytes: Array(#""a\t"#.utf8) + [0xED, 0xA0, 0x80, 0x22], .invalidUTF8, at: 4),
    InvalidDocument(bytes: [0x22, 0xE2, 0x82] + Array(#"\n""#.utf8), .invalidUTF8, at: 1),
    InvalidDocument(bytes: [0x7B, 0x22, 0xFF, 0x22, 0x3A, 0x31, 0x7D], .invalidUTF8, at: 2),
  ])
  func invalidUTF8InsideStringIsRefused(document: InvalidDocument) {
    expectRefused(document)
  }

  @Test(arguments: [
    InvalidDocument(bytes: [0xFF], .unexpectedByte, at: 0),
    InvalidDocument(bytes: [0x5B, 0xC0, 0x80, 0x5D], .unexpectedByte, at: 1),
    InvalidDocument(bytes: [0x5B, 0x31, 0x2C, 0xED, 0xA0, 0x80, 0x5D], .unexpectedByte, at: 3),
    InvalidDocument(bytes: [0x31, 0xE2, 0x82], .trailingContent, at: 1),
    InvalidDocument("é", .unexpectedByte, at: 0),
    InvalidDocument(#"{é:1}"#, .unexpectedByte, at: 1),
  ])
  func nonASCIIOutsideStringIsRefused(document: InvalidDocument) {
    expectRefused(document)
  }

  @Test(arguments: [
    InvalidDocument("[1,]", .trailingComma, at: 3),
    InvalidDocument("[1 , \n]", .trailingComma, at: 6),
    InvalidDocument(#"{"a":1,}"#, .trailingComma, at: 7),
    InvalidDocument(#"{"a":1, }"#, .trailingComma, at: 8),
    InvalidDocument("[[],]", .trailingComma, at: 4),
  ])
  func trailingCommaIsRefused(document: InvalidDocument) {
    expectRefused(document)
  }

  @Test(arguments: [
    InvalidDocument("[,]", .unexpectedByte, at: 1),
    InvalidDocument("[1,,2]", .unexpectedByte, at: 3),
    InvalidDocument("{,}", .unexpectedByte, at: 1),
    InvalidDocument(#"{"a":1,,"b":2}"#, .unexpectedByte, at: 7),
    InvalidDocument("[1 2]", .unexpectedByte, at: 3),
    InvalidDocument(#"{"a":1 "b":2}"#, .unexpectedByte, at: 7),
    InvalidDocument(#"{"a" 1}"#, .unexpectedByte, at: 5),
    InvalidDocument(#"{"a"=1}"#, .unexpectedByte, at: 4),
    InvalidDocument("{1:2}", .unexpectedByte, at: 1),
    InvalidDocument("{a:2}", .unexpectedByte, at: 1),
    InvalidDocument("[1}", .unexpectedByte, at: 2),
    InvalidDocument(#"{"a":1]"#, .unexpectedByte, at: 6),
    InvalidDocument("]", .unexpectedByte, at: 0),
    InvalidDocument(":", .unexpectedByte, at: 0),
  ])
  func misplacedPunctuationIsRefused(document: InvalidDocument) {
    expectRefused(document)
  }

  @Test(arguments: [
    InvalidDocument("01", .invalidNumber, at: 1),
    InvalidDocument("-01", .invalidNumber, at: 2),
    InvalidDocument("00", .invalidNumber, at: 1),
    InvalidDocument("[007]", .invalidNumber, at: 2),
    InvalidDocument("-", .unexpectedEnd, at: 1),
    InvalidDocument("- 1", .invalidNumber, at: 1),
    InvalidDocument("-a", .invalidNumber, at: 1),
    InvalidDocument("1.", .invalidNumber, at: 2),
    InvalidDocument("1.e5", .invalidNumber, at: 2),
    InvalidDocument("[1.]", .invalidNumber, at: 3),
    InvalidDocument("1e", .invalidNumber, at: 2),
    InvalidDocument("1E+", .invalidNumber, at: 3),
    InvalidDocument("1e-x", .invalidNumber, at: 3),
    InvalidDocument("-Infinity", .invalidNumber, at: 1),
  ])
  func malformedNumberIsRefused(document: InvalidDocument) {
    expectRefused(document)
  }

  @Test(arguments: [
    InvalidDocument("+1", .unexpectedByte, at: 0),
    InvalidDocument(".5", .unexpectedByte, at: 0),
    InvalidDocument("NaN", .unexpectedByte, at: 0),
    InvalidDocument("Infinity", .unexpectedByte, at: 0),
    InvalidDocument("[NaN]", .unexpectedByte, at: 1),
    InvalidDocument("0x10", .trailingContent, at: 1),
    InvalidDocument("1_000", .trailingContent, at: 1),
    InvalidDocument("1.5.2", .trailingContent, at: 3),
  ])
  func nonJSONNumberSpellingIsRefused(document: InvalidDocument) {
    expectRefused(document)
  }

  @Test(arguments: [
    InvalidDocument("tru", .invalidLiteral, at: 0),
    InvalidDocument("trUe", .invalidLiteral, at: 0),
    InvalidDocument("nul", .invalidLiteral, at: 0),
    InvalidDocument("[fals]", .invalidLiteral, at: 1),
    InvalidDocument("True", .unexpectedByte, at: 0),
    InvalidDocument("NULL", .unexpectedByte, at: 0),
    InvalidDocument("undefined", .unexpectedByte, at: 0),
    InvalidDocument("nulll", .trailingContent, at: 4),
    InvalidDocument("truefalse", .trailingContent, at: 4),
  ])
  func misspelledLiteralIsRefused(document: InvalidDocument) {
    expectRefused(document)
  }

  @Test(arguments: [
    InvalidDocument("\"a\tb\"", .controlCharacter, at: 2),
    InvalidDocument("\"a\nb\"", .controlCharacter, at: 2),
    InvalidDocument("\"\r\"", .controlCharacter, at: 1),
    InvalidDocument(bytes: [0x22, 0x00, 0x22], .controlCharacter, at: 1),
    InvalidDocument(bytes: [0x22, 0x1F, 0x22], .controlCharacter, at: 1),
    InvalidDocument("\"\\n\t\"", .controlCharacter, at: 3),
    InvalidDocument("{\"a\nb\":1}", .controlCharacter, at: 3),
  ])
  func unescapedControlCharacterIsRefused(document: InvalidDocument) {
    expectRefused(document)
  }

  @Test(arguments: [
    InvalidDocument("{} x", .trailingContent, at: 3),
    InvalidDocument("[1]]", .trailingContent, at: 3),
    InvalidDocument("1 2", .trailingContent, at: 2),
    InvalidDocument(#""a""b""#, .trailingContent, at: 3),
    InvalidDocument("{}{}", .trailingContent, at: 2),
    InvalidDocument("null\n,", .trailingContent, at: 5),
    InvalidDocument(bytes: Array("{}".utf8) + [0x00], .trailingContent, at: 2),
  ])
  func trailingContentIsRefused(document: InvalidDocument) {
    expectRefused(document)
  }

  @Test func emptyInputIsRefused() {
    let error = parseError([])
    #expect(error?.reason == .empty)
    #expect(error?.offset == 0)
  }

  @Test(arguments: [" ", "\n", " \t\r\n "])
  func whitespaceOnlyInputIsRefusedAtItsEnd(document: String) {
    let error = parseError(document)
    #expect(error?.reason == .unexpectedEnd)
    #expect(error?.offset == document.utf8.count)
  }

  @Test func byteOrderMarkIsRefused() {
    let error = parseError([0xEF, 0xBB, 0xBF] + Array("{}".utf8))
    #expect(error?.reason == .unexpectedByte)
    #expect(error?.offset == 0)
  }

  @Test(arguments: [
    InvalidDocument("'a'", .unexpectedByte, at: 0),
    InvalidDocument("{'a':1}", .unexpectedByte, at: 1),
    InvalidDocument(#"["a']"#, .unexpectedEnd, at: 5),
  ])
  func singleQuotesAreRefused(document: InvalidDocument) {
    expectRefused(document)
  }

  @Test(arguments: [
    InvalidDocument("// note\n1", .unexpectedByte, at: 0),
    InvalidDocument("/* note */ 1", .unexpectedByte, at: 0),
    InvalidDocument("[1 /* note */]", .unexpectedByte, at: 3),
    InvalidDocument("1 // note", .trailingContent, at: 2),
    InvalidDocument("1 # note", .trailingContent, at: 2),
  ])
  func commentIsRefused(document: InvalidDocument) {
    expectRefused(document)
  }

  @Test(arguments: [
    InvalidDocument("[", .unexpectedEnd, at: 1),
    InvalidDocument("[1", .unexpectedEnd, at: 2),
    InvalidDocument("[1,", .unexpectedEnd, at: 3),
    InvalidDocument("[[]", .unexpectedEnd, at: 3),
    InvalidDocument("{", .unexpectedEnd, at: 1),
    InvalidDocument(#"{"a""#, .unexpectedEnd, at: 4),
    InvalidDocument(#"{"a":"#, .unexpectedEnd, at: 5),
    InvalidDocument(#"{"a":1"#, .unexpectedEnd, at: 6),
    InvalidDocument(#"{"a":1,"#, .unexpectedEnd, at: 7),
    InvalidDocument(#""abc"#, .unexpectedEnd, at: 4),
    InvalidDocument(#""ab\""#, .unexpectedEnd, at: 5),
    InvalidDocument(#""ab\"#, .unexpectedEnd, at: 4),
    InvalidDocument(#""\u12"#, .unexpectedEnd, at: 5),
    InvalidDocument(#""\ud83d\u"#, .unexpectedEnd, at: 9),
  ])
  func unterminatedDocumentIsRefused(document: InvalidDocument) {
    expectRefused(document)
  }

  @Test func nestingOneBeyondTheLimitIsTooDeep() {
    let depth = JSONReader.defaultMaxDepth + 1
    let document = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    let error = parseError(document)
    #expect(error?.reason == .tooDeep)
    #expect(error?.offset == JSONReader.defaultMaxDepth)
  }

  @Test func mixedNestingBeyondTheLimitIsTooDeep() {
    let pairs = JSONReader.defaultMaxDepth / 2
    let document =
      String(repeating: #"{"a":["#, count: pairs) + "{}" + String(repeating: "]}", count: pairs)
    let error = parseError(document)
    #expect(error?.reason == .tooDeep)
    #expect(error?.offset == pairs * 6)
  }

  @Test func hundredThousandOpenBracketsAreTooDeepWithoutCrashing() {
    let error = parseError([UInt8](repeating: .init(ascii: "["), count: 100_000))
    #expect(error?.reason == .tooDeep)
    #expect(error?.offset == JSONReader.defaultMaxDepth)
  }

  @Test func hundredThousandOpenBracesAreTooDeepWithoutCrashing() {
    let error = parseError(String(repeating: #"{"a":"#, count: 100_000))
    #expect(error?.reason == .tooDeep)
  }

  @Test func customDepthLimitIsHonoured() {
    #expect(parseError(Array("[[]]".utf8), maxDepth: 2) == nil)
    #expect(parseError(Array("[[[]]]".utf8), maxDepth: 2)?.reason == .tooDeep)
  }

  @Test func errorDescriptionNamesReasonAndOffset() {
    let error = parseError("[1,]")
    #expect(error?.description == "trailing comma at byte 3")
  }
}
