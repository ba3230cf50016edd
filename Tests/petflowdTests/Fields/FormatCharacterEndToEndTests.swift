// Invisible marks (Unicode format characters: LRM, ZWSP, a BOM inside the text) through the
// binary, on every path: typing, pasting, field/format, field/validate, flows, the one-shot CLI.
// They carry no meaning in any kind but free text.
import JSONRPC
import Testing

@Suite struct FormatCharacterEndToEndTests {
  /// A number as a web page or a chat hands it over: marks around and inside it.
  static let markedPhone = "\u{200E}+48\u{200B} 600 100\u{2060}200\u{FEFF}"

  static func call(_ method: String, _ params: JSONValue) throws -> JSONValue {
    try FieldEndToEndTests.call(method, params.jsonText)
  }

  @Test func validatingATextWithMarksJudgesItWithout() throws {
    let result = try Self.call(
      "field/validate", ["field": "phone", "text": .string(Self.markedPhone)])
    #expect(result["valid"] == true)
    #expect(result["value"] == "+48600100200")
  }

  @Test func formattingLeavesTheMarksOutAsSeparatorsNeverDropped() throws {
    let phone = try Self.call(
      "field/format", ["field": "phone", "text": .string(Self.markedPhone)])
    #expect(phone["text"] == "+48 600 100 200")
    let chip = try Self.call(
      "field/format", ["field": "chipNumber", "text": "\u{200F}123456\u{200B}"])
    #expect(chip["text"] == "12345-6")
    #expect(chip["value"] == "123456")
    #expect(chip["dropped"] == nil)
  }

  @Test func pastingTextWithMarksAgreesWithValidatingIt() throws {
    let pasted = try Self.call(
      "field/edit",
      [
        "field": "latitude", "text": "", "selection": ["start": 0, "end": 0],
        "edit": ["type": "insert", "text": "\u{200E}52.2297\u{00AD}"],
      ])
    #expect(pasted["text"] == "52.2297")
    #expect(pasted["value"] == .number("52.2297"))
  }

  @Test(arguments: ["phone", "chipNumber", "date", "email", "species"])
  func typingOnlyAMarkIsRejected(field: String) throws {
    let result = try Self.call(
      "field/edit",
      [
        "field": .string(field), "text": "12", "selection": ["start": 1, "end": 1],
        "edit": ["type": "insert", "text": "\u{200B}"],
      ])
    #expect(result["rejected"] == true)
    #expect(result["text"] == "12")
    #expect(result["dropped"] == nil)
  }

  @Test func aJoinerInAnEmailDomainIsJudgedAndAnywhereElseLeftOut() throws {
    let domain = try Self.call("field/validate", ["field": "email", "text": "jan@żół\u{200D}w.pl"])
    #expect(domain["error"]?["code"] == "email.invalid")
    let local = try Self.call("field/validate", ["field": "email", "text": "ja\u{200D}n@żółw.pl"])
    #expect(local["value"] == "jan@żółw.pl")
    let other = try Self.call("field/validate", ["field": "email", "text": "jan@żół\u{200B}w.pl"])
    #expect(other["value"] == "jan@żółw.pl")
  }

  @Test func freeTextKeepsMarksButMarksAloneAreEmpty() throws {
    let family = "👨\u{200D}👩\u{200D}👧"
    let kept = try Self.call("field/validate", ["field": "text", "text": .string(family)])
    #expect(kept["value"] == .string(family))
    let blank = try Self.call(
      "field/validate",
      ["field": "text", "text": " \u{200B}\u{200E}", "options": ["required": true]])
    #expect(blank["error"]?["code"] == "text.required")
  }

  @Test func aFlowStoresTheValueWithoutTheMarks() throws {
    let client = try FlowClient()
    let id = try client.flow("reportFoundPet", through: FlowFixtures.foundSteps)
    let snapshot = try client.update(id, ["phone": .string(Self.markedPhone)])
    #expect(snapshot["values"]?["phone"] == "+48600100200")
    #expect(snapshot["display"]?["phone"] == "+48 600 100 200")
  }

  @Test func aFlowShowsARejectedInputWithItsMarksAsGiven() throws {
    let client = try FlowClient()
    let id = try client.flow("reportFoundPet", through: FlowFixtures.foundSteps)
    let given = "\u{200E}12\u{200B}3"
    let snapshot = try client.next(id, ["phone": .string(given)])
    #expect(snapshot["display"]?["phone"] == .string(given))
    #expect(snapshot["errors"]?["phone"]?["code"] == "phone.tooShort")
  }

  @Test func marksAloneClearAFlowField() throws {
    let client = try FlowClient()
    let id = try client.start("reportMissingPet")
    let snapshot = try client.next(id, ["chipNumber": "\u{200B}\u{FEFF}"])
    #expect(snapshot["step"]?["id"] == "photo")
    #expect(snapshot["values"]?["chipNumber"] == nil)
    #expect(snapshot["display"]?["chipNumber"] == nil)
  }

  @Test func theOneShotCommandJudgesAnArgumentWithoutItsMarks() throws {
    let (lines, status) = try OneShotEndToEndTests.run(["format", "phone", Self.markedPhone])
    #expect(lines == ["+48 600 100 200"])
    #expect(status == 0)
    let (valid, _) = try OneShotEndToEndTests.run(
      ["validate", "age"], input: Array("\u{200F}3\u{200F}\n".utf8))
    #expect(valid == ["valid"])
  }
}
