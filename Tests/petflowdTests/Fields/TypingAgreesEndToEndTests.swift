// Through the binary: typing a text key by key, pasting it, formatting it and validating it end
// with the same value and error code, for every kind field/list lists; for the two the seeds
// cap (the chip number's filter, text's maxLength), typing and pasting agree.
import JSONRPC
import Testing

@Suite struct TypingAgreesEndToEndTests {
  /// What people type and paste: the issue's cases among them, right and wrong.
  static let corpus = [
    "1.5", "0048 600 100 200", "0052.2297", "52.2297 S", "52.2297° s", "21.0122 w",
    "600100200 ext. 12", "52.12345678", "2026-11-20", "20261120", "20.11.2025", "1.2.2025",
    "20/11/2025", "-2024-02-29", "2024-02-29-", "/2024/02/29", "2026-1-20", "+48 600 100 200",
    "(22) 123-45-67", "+4860010020012", "00", "+", "12a34b56", "1234567890123456", "0003", "3,0",
    "41", "-1", "1e5", "rex@example.com", " rex@example.com ", "rex@", "Pies", "dragon", "٣٧",
    "１２．５", "52.2297, 21.0122", "🐶", "e\u{301}", "", "  ",
  ]

  /// The kinds field/list lists as typed (every kind but photo).
  static func typedKinds(_ client: FlowClient) throws -> [String] {
    let fields = try #require(try client.result("field/list", [:])["fields"]?.arrayValue)
    return fields.filter { $0["textEditable"] == true }.compactMap { $0["kind"]?.stringValue }
  }

  func edit(_ client: FlowClient, _ kind: String, _ text: String, caret: Int, _ typed: String)
    throws -> JSONValue
  {
    try client.result("field/edit", Self.editParams(kind, text, caret: caret, typed))
  }

  static func editParams(_ kind: String, _ text: String, caret: Int, _ typed: String) -> JSONValue {
    [
      "field": .string(kind), "text": .string(text),
      "selection": ["start": .int(caret), "end": .int(caret)],
      "edit": ["type": "insert", "text": .string(typed)],
    ]
  }

  /// The results of many requests, sent in one write (a round trip each would take minutes).
  static func results(_ daemon: DaemonProcess, _ calls: [(String, JSONValue)]) throws -> [JSONValue]
  {
    let lines = calls.enumerated().map { index, call in
      let request: JSONValue = [
        "jsonrpc": "2.0", "id": .int(index), "method": .string(call.0), "params": call.1,
      ]
      return request.jsonText
    }
    let answers = try daemon.exchange(lines, expecting: lines.count, timeout: 60)
    return try answers.map { answer in try #require(answer["result"], "\(answer.jsonText)") }
  }

  @Test func typingPastingFormattingAndValidatingAgree() throws {
    let client = try FlowClient()
    let kinds = try Self.typedKinds(client)
    #expect(kinds.count >= 10)
    let cases = kinds.flatMap { kind in Self.corpus.map { (kind, $0) } }
    let daemon = try DaemonProcess()
    // Typed a key at a time: each round types the next key of every case at once.
    var typed = try Self.results(
      daemon, cases.map { ("field/format", ["field": .string($0.0), "text": ""]) })
    let keys = cases.map { Array($0.1).map(String.init) }
    for round in 0..<(keys.map(\.count).max() ?? 0) {
      let typing = cases.indices.filter { round < keys[$0].count }
      let answers = try Self.results(
        daemon,
        typing.map { index in
          (
            "field/edit",
            Self.editParams(
              cases[index].0, typed[index]["text"]?.stringValue ?? "",
              caret: typed[index]["caret"]?.intValue ?? 0, keys[index][round])
          )
        })
      for (index, answer) in zip(typing, answers) { typed[index] = answer }
    }
    let pasted = try Self.results(
      daemon, cases.map { ("field/edit", Self.editParams($0.0, "", caret: 0, $0.1)) })
    let formatted = try Self.results(
      daemon, cases.map { ("field/format", ["field": .string($0.0), "text": .string($0.1)]) })
    let validated = try Self.results(
      daemon, cases.map { ("field/validate", ["field": .string($0.0), "text": .string($0.1)]) })
    for (index, (kind, text)) in cases.enumerated() {
      let name = "\(kind) \(text.debugDescription)"
      let keyed = typed[index]
      #expect(pasted[index]["value"] == keyed["value"], "typed and pasted: \(name)")
      #expect(
        pasted[index]["error"]?["code"] == keyed["error"]?["code"], "typed and pasted: \(name)")
      // A value never stands beside an error.
      #expect(keyed["value"] == .null || keyed["error"] == .null, "\(name)")
      guard kind != "chipNumber" else { continue }
      for (path, answer) in [("formatted", formatted[index]), ("validated", validated[index])] {
        #expect(answer["value"] == keyed["value"], "typed and \(path): \(name)")
        #expect(
          answer["error"]?["code"] == keyed["error"]?["code"], "typed and \(path): \(name)")
      }
    }
  }

  @Test(
    "The issue's cases read as their meaning on every path",
    arguments: [
      ("age", "1.5", JSONValue.null, "age.notWhole"),
      ("phone", "0048 600 100 200", "+48600100200", nil),
      ("latitude", "0052.2297", .number("52.2297"), nil),
      ("latitude", "52.2297 S", .number("-52.2297"), nil),
      ("phone", "600100200 ext. 12", .null, "phone.invalid"),
      ("latitude", "52.12345678", .number("52.123457"), nil),
      ("date", "20.11.2025", "2025-11-20", nil),
      ("date", "20/11/2025", .null, "date.invalid"),
    ] as [(String, String, JSONValue, String?)])
  func issueCase(kind: String, text: String, value: JSONValue, code: String?) throws {
    let client = try FlowClient()
    let pasted = try edit(client, kind, "", caret: 0, text)
    #expect(pasted["value"] == value)
    #expect(pasted["error"]?["code"]?.stringValue == code)
  }
}
