// field/* through the binary: every position encoding, emoji before the caret, big pastes.
import JSONRPC
@_spi(Engine) import PetFlowCore
import Testing

@Suite struct FieldEndToEndTests {
  /// One request on a fresh daemon in the given encoding; answers the result.
  static func call(
    _ method: String, _ params: String, encoding: String = "utf-16"
  ) throws -> JSONValue {
    let daemon = try DaemonProcess()
    let answers = try daemon.exchange(
      [
        #"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"positionEncoding":"\#(encoding)"}}"#,
        #"{"jsonrpc":"2.0","id":1,"method":"\#(method)","params":\#(params)}"#,
      ], expecting: 2)
    return try #require(answers.last?["result"])
  }

  /// Where the caret sits after `🐶 12345` + `6` typed at the end, per encoding.
  @Test(arguments: [("utf-16", 8, 9), ("utf-8", 10, 11), ("utf-32", 7, 8)])
  func typingAfterAnEmojiAnswersTheCaretInTheSessionEncoding(
    encoding: String, caretBefore: Int, caretAfter: Int
  ) throws {
    // 🐶 is 2 UTF-16 units, 4 UTF-8 bytes, 1 scalar; the text field keeps it.
    let result = try Self.call(
      "field/edit",
      #"{"field":"text","text":"🐶 12345","selection":{"start":\#(caretBefore),"end":\#(caretBefore)},"edit":{"type":"insert","text":"6"}}"#,
      encoding: encoding)
    #expect(result["text"] == "🐶 123456")
    #expect(result["caret"]?.intValue == caretAfter)
  }

  @Test(arguments: [("utf-16", 1), ("utf-8", 2), ("utf-8", 3)])
  func offsetInsideAnEmojiRoundsDownToItsStart(encoding: String, offset: Int) throws {
    let result = try Self.call(
      "field/edit",
      #"{"field":"text","text":"🐶x","selection":{"start":\#(offset),"end":\#(offset)},"edit":{"type":"insert","text":"a"}}"#,
      encoding: encoding)
    #expect(result["text"] == "a🐶x")
  }

  @Test func offsetInsideAGraphemeClusterRoundsDownToItsStart() throws {
    // 👍🏽 is one cluster of two scalars: UTF-32 offset 1 falls inside it.
    let result = try Self.call(
      "field/format", #"{"field":"text","text":"👍🏽!","caret":1}"#, encoding: "utf-32")
    #expect(result["caret"]?.intValue == 0)
  }

  @Test func offsetPastTheEndIsClampedToTheEnd() throws {
    let result = try Self.call(
      "field/format", #"{"field":"chipNumber","text":"123456","caret":12345678901234567890}"#)
    #expect(result["caret"]?.intValue == 7)
  }

  @Test func backspaceRemovesAWholeFlag() throws {
    let result = try Self.call(
      "field/edit",
      #"{"field":"text","text":"a🇵🇱","selection":{"start":5,"end":5},"edit":{"type":"deleteBackward"}}"#
    )
    #expect(result["text"] == "a")
    #expect(result["caret"]?.intValue == 1)
  }

  @Test func textCapNeverSplitsACluster() throws {
    let result = try Self.call(
      "field/edit",
      #"{"field":"text","text":"ab","selection":{"start":2,"end":2},"edit":{"type":"insert","text":"👍🏽👍🏽"},"options":{"maxLength":3}}"#
    )
    #expect(result["text"] == "ab👍🏽")
    #expect(result["truncated"] == true)
    #expect(result["caret"]?.intValue == 6)
  }

  @Test(arguments: ["١٢٣", "۱۲۳", "１２３", "१२३"])
  func decimalDigitsOfOtherScriptsBecomeASCII(digits: String) throws {
    let result = try Self.call("field/format", #"{"field":"chipNumber","text":"\#(digits)456"}"#)
    #expect(result["text"] == "12345-6")
    #expect(result["value"] == "123456")
  }

  @Test func numericCharactersThatAreNotDigitsAreDropped() throws {
    let result = try Self.call("field/format", #"{"field":"chipNumber","text":"1½2²3Ⅻ4①"}"#)
    #expect(result["value"] == "1234")
  }

  @Test func megabytePasteIntoAChipNumberKeepsFifteenDigits() throws {
    let paste = String(repeating: "7a", count: 512 * 1024)
    let result = try Self.call(
      "field/edit",
      #"{"field":"chipNumber","text":"","selection":{"start":0,"end":0},"edit":{"type":"insert","text":"\#(paste)"}}"#
    )
    #expect(result["value"] == "777777777777777")
    #expect(result["truncated"] == true)
  }

  @Test func megabytePasteIntoACappedTextKeepsTheCap() throws {
    let paste = String(repeating: "é", count: 600 * 1024)
    let result = try Self.call(
      "field/format", #"{"field":"text","text":"\#(paste)","options":{"maxLength":500}}"#)
    #expect(result["text"]?.stringValue?.count == 500)
    #expect(result["truncated"] == true)
  }

  @Test func textLongerThanTheLimitIsRefusedWithTextTooLong() throws {
    let daemon = try DaemonProcess(arguments: ["--max-text-bytes", "10"])
    let answers = try daemon.exchange(
      [
        #"{"jsonrpc":"2.0","id":1,"method":"field/format","params":{"field":"text","text":"12345678901"}}"#
      ],
      expecting: 1)
    #expect(answers.first?.errorCode == -32004)
    #expect(answers.first?["error"]?["data"]?["limit"]?.intValue == 10)
  }

  @Test(arguments: [
    (#"{"field":"chipNumber","text":5}"#, "text"),
    (#"{"field":3,"text":"1"}"#, "field"),
    (#"{"field":"chipNumber","text":"1","caret":"2"}"#, "caret"),
    (#"{"field":"chipNumber","text":"1","caret":1.5}"#, "caret"),
    (#"{"field":"chipNumber","text":"1","caret":1,"selection":{"start":0,"end":1}}"#, "selection"),
    (#"{"field":"chipNumber","text":"1","options":{"maxLength":3}}"#, "options.maxLength"),
    (#"{"field":"chipNumber","text":"1","carret":1}"#, "carret"),
  ])
  func badFormatParamsNameTheParameter(params: String, parameter: String) throws {
    let daemon = try DaemonProcess()
    let answers = try daemon.exchange(
      [#"{"jsonrpc":"2.0","id":1,"method":"field/format","params":\#(params)}"#], expecting: 1)
    #expect(answers.first?.errorCode == -32602)
    #expect(answers.first?["error"]?["data"]?["parameter"]?.stringValue == parameter)
  }

  /// The kinds protocol.md's kind table documents, in its order: the table scripts/generate-lists
  /// writes, one row per kind.
  static func documentedKinds() throws -> [String] {
    let text = try TextFile.read(ProtocolExamplesTests.protocolPath)
    let section = text.split(separator: "### Field kinds").dropFirst().first ?? ""
    let table =
      section.split(separator: "<!-- generated by scripts/generate-lists -->").dropFirst().first?
      .split(separator: "<!-- end generated -->").first ?? ""
    return table.split(separator: "\n").filter { $0.hasPrefix("| `") }.map {
      String($0.dropFirst(2).prefix { $0 != "|" }.filter { $0 != " " && $0 != "`" })
    }
  }

  @Test func fieldListDescribesEveryKindTheProtocolDocuments() throws {
    let result = try Self.call("field/list", "{}")
    let fields = try #require(result["fields"]?.arrayValue)
    // All but choice, whose options only a flow's field declares (protocol.md says so).
    let listed = try Self.documentedKinds().filter { $0 != "choice" }
    #expect(fields.compactMap { $0["kind"]?.stringValue } == listed)
    for field in fields {
      #expect(
        field.objectValue?.names == [
          "kind", "label", "hint", "placeholder", "keyboard", "maxLength", "options", "inputMode",
          "editing", "textEditable",
        ])
    }
    let chip = try #require(fields.first)
    #expect(chip["placeholder"] == "00000-00000-00000")
    #expect(chip["maxLength"]?.intValue == 15)
  }

  /// protocol.md's table of error codes and messages: every code PetFlowKit has, once, each
  /// message as PetFlowKit words it, `{name}` for a param. A kind's new codes fail here until
  /// scripts/generate-lists has written them.
  @Test func errorTableListsEveryCodeWithItsMessages() throws {
    let text = try TextFile.read(ProtocolExamplesTests.protocolPath)
    let table = text.split(separator: "### Error codes and messages").dropFirst().first ?? ""
    var documented: [String] = []
    var variants = 0
    for line in table.split(separator: "\n").prefix(while: { !$0.hasPrefix("###") })
    where line.hasPrefix("| `") {
      let cells = line.split(separator: "|").map { $0.trimmingPrefix(" ").dropLast() }
      guard cells.count == 3 else { continue }
      let words = cells[0].split(separator: " ").map { String($0.filter { $0 != "`" }) }
      // A variant's row: "`email.tooLong` with `params.part` `local`", its message for that param.
      if words.count == 4, words[1] == "with", let code = ErrorCode.named(words[0]) {
        variants += 1
        let param = FieldError.Param(String(words[2].dropFirst("params.".count)), .string(words[3]))
        for (language, cell) in [(Language.en, cells[1]), (.pl, cells[2])] {
          #expect(
            FieldError(code, [param]).message(in: language) == cell, "\(words) in \(language)")
        }
        continue
      }
      let codes = cells[0].split(separator: ", ").map { String($0.filter { $0 != "`" }) }
      documented += codes
      for code in codes {
        guard let errorCode = ErrorCode.named(code) else { continue }
        for (language, cell) in [(Language.en, cells[1]), (.pl, cells[2])] {
          // Without params, a message is its template: `{max}` stays as the table shows it.
          #expect(FieldError(errorCode).message(in: language) == cell, "\(code) in \(language)")
        }
      }
    }
    #expect(documented.sorted() == ErrorCode.allCases.map(\.rawValue).sorted())
    #expect(variants == ErrorCode.variants.count)
  }

  @Test func fieldListSpeaksTheSessionLanguage() throws {
    let daemon = try DaemonProcess()
    let answers = try daemon.exchange(
      [
        #"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"locale":"pl"}}"#,
        #"{"jsonrpc":"2.0","id":1,"method":"field/list"}"#,
      ], expecting: 2)
    let fields = try #require(answers.last?["result"]?["fields"]?.arrayValue)
    let date = try #require(fields.first { $0["kind"] == "date" })
    #expect(date["label"] == "Data")
    #expect(date["placeholder"] == "RRRR-MM-DD")
  }

  @Test func everyListedKindIsAcceptedByName() throws {
    let daemon = try DaemonProcess()
    let list = try #require(
      try daemon.exchange([#"{"jsonrpc":"2.0","id":0,"method":"field/list"}"#], expecting: 1).first)
    let kinds = try #require(list["result"]?["fields"]?.arrayValue).compactMap {
      $0["kind"]?.stringValue
    }
    let requests = kinds.enumerated().map { index, kind in
      #"{"jsonrpc":"2.0","id":\#(index + 1),"method":"field/validate","params":{"field":"\#(kind)"}}"#
    }
    let answers = try daemon.exchange(requests, expecting: requests.count)
    #expect(answers.allSatisfy { $0["result"]?["valid"] == true })
  }
}
