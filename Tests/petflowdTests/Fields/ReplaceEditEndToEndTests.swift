// field/edit's `replace` as iOS and Android report Backspace and Delete, through the binary:
// a replace with nothing over the one character next to the caret answers as the key does.
import JSONRPC
import Testing

@Suite struct ReplaceEditEndToEndTests {
  static func edit(
    _ field: String, _ text: String, caret: Int, _ edit: JSONValue
  ) throws -> JSONValue {
    let params: JSONValue = [
      "field": .string(field), "text": .string(text),
      "selection": ["start": .int(caret), "end": .int(caret)],
      "edit": edit,
    ]
    return try FieldEndToEndTests.call("field/edit", params.jsonText)
  }

  @Test func replacingTheHyphenBeforeTheCaretIsBackspaceByRuleTwo() throws {
    // The case: the hyphen used to come back, the caret hopping over it to 5.
    let replaced = try Self.edit(
      "chipNumber", "12345-67890", caret: 6, ["type": "replace", "start": 5, "end": 6, "text": ""])
    #expect(replaced["text"] == "12346-7890")
    #expect(replaced["caret"] == 4)
  }

  @Test func replacingTheHyphenAfterTheCaretIsForwardDeleteByRuleThree() throws {
    let replaced = try Self.edit(
      "chipNumber", "12345-67890", caret: 5, ["type": "replace", "start": 5, "end": 6, "text": ""])
    #expect(replaced["text"] == "12345-7890")
    #expect(replaced["caret"] == 6)
  }

  @Test(arguments: [
    ("phone", "600 100 200", 4), ("date", "2026-11-20", 5), ("text", "Rex 🐶", 6),
    ("latitude", "52.2297", 3),
  ])
  func aReplaceOfTheCharacterBeforeTheCaretAnswersAsBackspace(
    field: String, text: String, caret: Int
  ) throws {
    // 🐶 is two UTF-16 units: one character all the same.
    let width = text.utf16.count == text.count ? 1 : 2
    let replaced = try Self.edit(
      field, text, caret: caret,
      ["type": "replace", "start": .int(caret - width), "end": .int(caret), "text": ""])
    let key = try Self.edit(field, text, caret: caret, ["type": "deleteBackward"])
    #expect(replaced == key)
  }
}
