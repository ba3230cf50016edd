import JSONRPC
import Testing

/// Documents of every RFC 8259 category that the reader must accept, and what they hold.
struct JSONReaderValidTests {
  @Test(arguments: [
    ("true", JSONValue.bool(true)),
    ("false", .bool(false)),
    ("null", .null),
  ])
  func literalIsRead(document: String, expected: JSONValue) throws {
    #expect(try JSONReader.parse(Array(document.utf8)) == expected)
  }

  @Test(arguments: [
    "0", "-0", "1", "-1", "1.5", "-1.5", "0.0", "1.5e-3", "1E+2", "1e2", "1E-2", "0e0",
    "-0.0e-0", "12345678901234567890", "-12345678901234567890123", "1e400", "-1e400",
    "123.456E-789", "0.10", "1e007",
  ])
  func numberIsReadWithItsExactText(document: String) throws {
    let parsed = try JSONReader.parse(Array(document.utf8))
    #expect(parsed == .number(try #require(number(document))))
    #expect(number(document)?.text == document)
  }

  @Test(arguments: [
    (#""""#, ""),
    (#""plain""#, "plain"),
    (#""\"""#, "\""),
    (#""\\""#, "\\"),
    (#""\/""#, "/"),
    (#""\b""#, "\u{8}"),
    (#""\f""#, "\u{C}"),
    (#""\n""#, "\n"),
    (#""\r""#, "\r"),
    (#""\t""#, "\t"),
    (#""\u0000""#, "\u{0}"),
    (#""\u001f""#, "\u{1F}"),
    (#""\u0041\u00e9\u00E9""#, "Aéé"),
    (#""\u20AC""#, "€"),
    (#""\uFFFF""#, "\u{FFFF}"),
    (#""\ud83d\udc36""#, "🐶"),
    (#""\uD83D\uDC36""#, "🐶"),
    (#""\udbff\udfff""#, "\u{10FFFF}"),
    (#""a\"b\\c\nd\u00e9e""#, "a\"b\\c\ndée"),
    (#""\\u0041""#, "\\u0041"),
  ])
  func stringEscapeIsDecoded(document: String, expected: String) throws {
    #expect(try JSONReader.parse(Array(document.utf8)) == .string(expected))
  }

  @Test(arguments: ["é", "日本語", "🐶", "a🐶b", "\u{7F}", "\u{10FFFF}", "e\u{301}", "\u{FEFF}x"])
  func rawNonASCIIStringIsRead(text: String) throws {
    let document = Array("\"\(text)\"".utf8)
    #expect(try JSONReader.parse(document) == .string(text))
  }

  @Test func rawNonASCIIAlongsideEscapesIsRead() throws {
    let document = Array(#""é\n🐶\t日""#.utf8)
    #expect(try JSONReader.parse(document) == .string("é\n🐶\t日"))
  }

  @Test func emptyContainersAreRead() throws {
    #expect(try JSONReader.parse(Array("[]".utf8)) == .array([]))
    #expect(try JSONReader.parse(Array("{}".utf8)) == .object(JSONObject()))
  }

  @Test func nestedArraysAndObjectsAreRead() throws {
    let document = #"{"a":[1,{"b":[true,null,[]]},"c"],"d":{"e":{}}}"#
    let expected: JSONValue = [
      "a": [1, ["b": [true, nil, []]], "c"],
      "d": ["e": .object(JSONObject())],
    ]
    #expect(try JSONReader.parse(Array(document.utf8)) == expected)
  }

  @Test func whitespaceIsAllowedAroundEveryToken() throws {
    let document =
      " \t\r\n{ \t\r\n\"a\" \t\r\n: \t\r\n[ \t\r\n1 \t\r\n, \t\r\nnull \t\r\n] \t\r\n} \t\r\n"
    #expect(try JSONReader.parse(Array(document.utf8)) == ["a": [1, nil]])
  }

  @Test func scalarAtTopLevelIsAccepted() throws {
    #expect(try JSONReader.parse(Array(" 42 ".utf8)) == 42)
    #expect(try JSONReader.parse(Array(#""x""#.utf8)) == "x")
  }

  @Test func duplicateKeysAreAcceptedAndLookupAnswersTheLast() throws {
    let parsed = try JSONReader.parse(Array(#"{"a":1,"b":2,"a":3}"#.utf8))
    let object = try #require(parsed.objectValue)
    #expect(object["a"] == 3)
    #expect(object.members.count == 3)
  }

  @Test func duplicateKeysAreKeptInDocumentOrder() throws {
    let parsed = try JSONReader.parse(Array(#"{"a":1,"b":2,"a":3}"#.utf8))
    let names = try #require(parsed.objectValue).members.map(\.name)
    #expect(names == ["a", "b", "a"])
  }

  @Test func escapedMemberNameIsDecoded() throws {
    let parsed = try JSONReader.parse(Array(#"{"\u0061\n":1}"#.utf8))
    #expect(parsed == ["a\n": 1])
  }

  @Test func nestingAtTheDepthLimitIsAccepted() throws {
    let depth = JSONReader.defaultMaxDepth
    let document = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    #expect(throws: Never.self) { try JSONReader.parse(Array(document.utf8)) }
  }

  @Test func mixedObjectAndArrayNestingAtTheLimitIsAccepted() throws {
    let pairs = JSONReader.defaultMaxDepth / 2
    let document =
      String(repeating: #"{"a":["#, count: pairs) + String(repeating: "]}", count: pairs)
    #expect(throws: Never.self) { try JSONReader.parse(Array(document.utf8)) }
  }

  @Test func depthIsRestoredAfterEachContainerCloses() throws {
    let deep = JSONReader.defaultMaxDepth - 1
    let sibling = String(repeating: "[", count: deep) + String(repeating: "]", count: deep)
    let document = "[" + Array(repeating: sibling, count: 50).joined(separator: ",") + "]"
    #expect(throws: Never.self) { try JSONReader.parse(Array(document.utf8)) }
  }

  @Test func sliceIsReadWithOffsetsFromItsOwnStart() throws {
    let bytes = Array("xx[1,]yy".utf8)
    let error = #expect(throws: JSONParseError.self) { try JSONReader.parse(bytes[2..<6]) }
    #expect(error?.reason == .trailingComma)
    #expect(error?.offset == 3)
  }

  @Test func nonContiguousCollectionIsRead() throws {
    let bytes = Array("[1,2]".utf8).lazy.map { $0 }
    #expect(try JSONReader.parse(bytes) == [1, 2])
  }
}
