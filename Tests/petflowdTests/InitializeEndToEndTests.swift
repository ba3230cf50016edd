// initialize's documented fallbacks and refusals, judged by what the session does afterwards
// (the language of its messages, the unit of its offsets), not only by what it echoes.
import JSONRPC
import Testing

@Suite struct InitializeEndToEndTests {
  /// A phone number too short to be one: its error message is in the session's language.
  static let validate =
    #"{"jsonrpc":"2.0","id":9,"method":"field/validate","params":{"field":"phone","text":"12-34"}}"#
  /// A dog and a letter, the caret at the end: 3 in UTF-16, 5 in UTF-8, 2 in UTF-32.
  static let format =
    #"{"jsonrpc":"2.0","id":9,"method":"field/format","params":{"field":"text","text":"🐶x"}}"#

  static func initialize(_ params: String) -> String {
    #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":\#(params)}"#
  }

  static func message(after params: String, in daemon: DaemonProcess) throws -> String? {
    let answers = try daemon.exchange([initialize(params), validate], expecting: 2)
    #expect(answers[0]["result"] != nil, "\(answers[0])")
    return answers[1]["result"]?["error"]?["message"]?.stringValue
  }

  static func caret(after params: String, in daemon: DaemonProcess) throws -> Int? {
    let answers = try daemon.exchange([initialize(params), format], expecting: 2)
    #expect(answers[0]["result"] != nil, "\(answers[0])")
    return answers[1]["result"]?["caret"]?.intValue
  }

  /// After Polish, a language petflowd does not ship: the messages are English again.
  @Test(arguments: ["de", "de-DE", "zh_Hant_TW", "x"])
  func languageNotShippedGivesEnglishMessages(tag: String) throws {
    let daemon = try DaemonProcess()
    let english = try #require(try Self.message(after: #"{"locale":"en"}"#, in: daemon))
    let polish = try #require(try Self.message(after: #"{"locale":"pl"}"#, in: daemon))
    #expect(polish != english)
    #expect(try Self.message(after: #"{"locale":"\#(tag)"}"#, in: daemon) == english)
  }

  /// LSP's list with no encoding petflowd supports: UTF-16, whatever the session had before.
  @Test func encodingsListWithNoneSupportedCountsInUTF16() throws {
    let daemon = try DaemonProcess()
    #expect(try Self.caret(after: #"{"positionEncoding":"utf-8"}"#, in: daemon) == 5)
    let answers = try daemon.exchange(
      [
        Self.initialize(#"{"capabilities":{"general":{"positionEncodings":["latin1","utf-7"]}}}"#),
        Self.format,
      ], expecting: 2)
    #expect(answers[0]["result"]?["positionEncoding"] == "utf-16")
    #expect(answers[1]["result"]?["caret"] == 3)
  }

  /// The first supported encoding of the list wins, the unsupported ones before it skipped.
  @Test func encodingsListPicksTheFirstSupported() throws {
    let daemon = try DaemonProcess()
    let params = #"{"capabilities":{"general":{"positionEncodings":["latin1","utf-32","utf-8"]}}}"#
    #expect(try Self.caret(after: params, in: daemon) == 2)
  }

  /// An encoding petflowd does not know is a refusal that changes nothing.
  @Test(arguments: ["latin1", "UTF-16", "utf16", ""])
  func unknownPositionEncodingIsInvalidParamsAndKeepsTheSession(name: String) throws {
    let daemon = try DaemonProcess()
    #expect(try Self.caret(after: #"{"positionEncoding":"utf-8"}"#, in: daemon) == 5)
    let answers = try daemon.exchange(
      [
        Self.initialize(#"{"positionEncoding":"\#(name)","locale":"pl"}"#), Self.format,
        Self.validate,
      ],
      expecting: 3)
    #expect(answers[0].errorCode == -32602)
    #expect(answers[0]["error"]?["data"]?["parameter"] == "positionEncoding")
    #expect(answers[1]["result"]?["caret"] == 5)
    let english = try #require(try Self.message(after: #"{"locale":"en"}"#, in: daemon))
    #expect(answers[2]["result"]?["error"]?["message"]?.stringValue == english)
  }
}
