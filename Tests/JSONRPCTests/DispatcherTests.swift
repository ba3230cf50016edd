import JSONRPC
import Testing

/// The JSON-RPC 2.0 rules: requests, notifications, batches, errors and their ids.
struct DispatcherTests {
  /// The answer as a value, for checking members whose text is long.
  private func answer(_ message: String) throws -> JSONValue {
    let text = try #require(dispatch(message), "no answer to \(message)")
    return try JSONReader.parse(Array(text.utf8))
  }

  private func expectError(
    _ message: String, code: Int, id: JSONValue = .null,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let answer = try answer(message)
    #expect(answer["jsonrpc"] == "2.0", sourceLocation: sourceLocation)
    #expect(answer["id"] == id, sourceLocation: sourceLocation)
    #expect(answer["error"]?["code"] == .int(code), sourceLocation: sourceLocation)
    #expect(answer["error"]?["message"]?.stringValue != nil, sourceLocation: sourceLocation)
    #expect(answer["result"] == nil, sourceLocation: sourceLocation)
  }

  // MARK: - Requests and notifications

  @Test func requestIsAnsweredWithItsResult() {
    let answer = dispatch(#"{"jsonrpc":"2.0","id":1,"method":"echo","params":{"a":[1,"x"]}}"#)
    #expect(answer == #"{"jsonrpc":"2.0","id":1,"result":{"a":[1,"x"]}}"#)
  }

  @Test func requestWithoutParamsIsAnswered() {
    let answer = dispatch(#"{"jsonrpc":"2.0","id":1,"method":"echo"}"#)
    #expect(answer == #"{"jsonrpc":"2.0","id":1,"result":{}}"#)
  }

  @Test func nullParamsAreReadAsAbsent() {
    let answer = dispatch(#"{"jsonrpc":"2.0","id":1,"method":"echo","params":null}"#)
    #expect(answer == #"{"jsonrpc":"2.0","id":1,"result":{}}"#)
  }

  @Test func responseWithAnIdOfTheWrongTypeIsDropped() {
    #expect(dispatch(#"{"jsonrpc":"2.0","id":[1],"result":1}"#) == nil)
  }

  @Test func resultIsPresentEvenWhenNull() {
    let answer = dispatch(#"{"jsonrpc":"2.0","id":"n","method":"nothing"}"#)
    #expect(answer == #"{"jsonrpc":"2.0","id":"n","result":null}"#)
  }

  @Test func handlerErrorIsAnsweredWithErrorAndNoResult() {
    let answer = dispatch(#"{"jsonrpc":"2.0","id":7,"method":"fail"}"#)
    #expect(
      answer == #"{"jsonrpc":"2.0","id":7,"error":{"code":-32050,"message":"failed on purpose"}}"#)
  }

  @Test func unknownMethodRequestGetsMethodNotFound() throws {
    try expectError(#"{"jsonrpc":"2.0","id":3,"method":"nope"}"#, code: -32_601, id: 3)
  }

  @Test func membersMayComeInAnyOrder() {
    let answer = dispatch(#"{"method":"nothing","id":1,"jsonrpc":"2.0"}"#)
    #expect(answer == #"{"jsonrpc":"2.0","id":1,"result":null}"#)
  }

  @Test func unknownMembersAreIgnored() {
    let answer = dispatch(#"{"jsonrpc":"2.0","id":1,"method":"nothing","extra":[1]}"#)
    #expect(answer == #"{"jsonrpc":"2.0","id":1,"result":null}"#)
  }

  @Test func notificationIsHandledButNotAnswered() {
    var handler = RecordingHandler()
    let answer = dispatch(#"{"jsonrpc":"2.0","method":"echo","params":{}}"#, to: &handler)
    #expect(answer == nil)
    #expect(handler.methods == ["echo"])
    #expect(handler.calls.first?.isNotification == true)
  }

  @Test func failingNotificationIsNotAnswered() {
    var handler = RecordingHandler()
    #expect(dispatch(#"{"jsonrpc":"2.0","method":"fail"}"#, to: &handler) == nil)
    #expect(handler.methods == ["fail"])
  }

  @Test func notificationOfUnknownMethodIsNotAnswered() {
    #expect(dispatch(#"{"jsonrpc":"2.0","method":"nope","params":{"x":1}}"#) == nil)
  }

  @Test func notificationWithRefusedParamsIsNotAnswered() {
    #expect(dispatch(#"{"jsonrpc":"2.0","method":"echo","params":[1]}"#) == nil)
  }

  @Test func requestWithNullIdIsAnsweredWithNullId() {
    let answer = dispatch(#"{"jsonrpc":"2.0","id":null,"method":"nothing"}"#)
    #expect(answer == #"{"jsonrpc":"2.0","id":null,"result":null}"#)
  }

  @Test(arguments: [
    #""abc""#, #""""#, #""é🐶""#, #""\u0000\n\"""#, "0", "-0", "7", "12345678901234567890",
    "-1e400", "1.5", "1E+2", "-12.50e-3", "null",
  ])
  func idIsEchoedByteForByte(id: String) {
    let answer = dispatch(#"{"jsonrpc":"2.0","id":\#(id),"method":"nothing"}"#)
    #expect(answer == #"{"jsonrpc":"2.0","id":\#(id),"result":null}"#)
  }

  @Test func idIsEchoedByteForByteOnError() {
    let answer = dispatch(#"{"jsonrpc":"2.0","id":-1e400,"method":"fail"}"#)
    #expect(answer?.hasPrefix(#"{"jsonrpc":"2.0","id":-1e400,"error":"#) == true)
  }

  // MARK: - Parse errors and invalid requests

  @Test(arguments: [
    #"{"jsonrpc":"2.0","method""#, "", "{'a':1}", "[1,]", #"[{"jsonrpc":"2.0","method":"a"},"#,
  ])
  func badJSONIsAParseErrorWithNullId(message: String) throws {
    try expectError(message, code: -32_700)
  }

  @Test func parseErrorDataNamesTheReasonAndOffset() throws {
    let answer = try answer("[1,]")
    #expect(answer["error"]?["data"] == ["offset": 3, "reason": "trailing comma"])
  }

  @Test func nestingBeyondTheDispatcherLimitIsAParseError() throws {
    let answer = dispatch("[[[]]]", dispatcher: Dispatcher(maxDepth: 2))
    let value = try JSONReader.parse(Array(try #require(answer).utf8))
    #expect(value["error"]?["code"] == -32_700)
    #expect(value["error"]?["data"]?["reason"] == "nesting too deep")
  }

  @Test(arguments: ["1", #""request""#, "null", "true"])
  func nonObjectIsAnInvalidRequestWithNullId(message: String) throws {
    try expectError(message, code: -32_600)
  }

  @Test(arguments: [
    #"{"id":1,"method":"nothing"}"#, #"{"jsonrpc":"1.0","id":1,"method":"nothing"}"#,
    #"{"jsonrpc":2.0,"id":1,"method":"nothing"}"#, #"{"jsonrpc":null,"id":1,"method":"nothing"}"#,
    #"{"jsonrpc":"2.0 ","id":1,"method":"nothing"}"#,
    #"{"jsonrpc":"2.","id":1,"method":"nothing"}"#,
    #"{"jsonrpc":"","id":1,"method":"nothing"}"#,
  ])
  func missingOrWrongJSONRPCVersionIsAnInvalidRequest(message: String) throws {
    try expectError(message, code: -32_600, id: 1)
  }

  /// The version is compared as text, so an escaped spelling of "2.0" is "2.0".
  @Test func escapedVersionIsAccepted() {
    let answer = dispatch(#"{"jsonrpc":"2\u002e0","id":1,"method":"nothing"}"#)
    #expect(answer == #"{"jsonrpc":"2.0","id":1,"result":null}"#)
  }

  @Test(arguments: ["1", "null", "true", "[\"a\"]", #"{"a":1}"#])
  func nonStringMethodIsAnInvalidRequest(method: String) throws {
    try expectError(#"{"jsonrpc":"2.0","id":1,"method":\#(method)}"#, code: -32_600, id: 1)
  }

  @Test func missingMethodIsAnInvalidRequest() throws {
    try expectError(#"{"jsonrpc":"2.0","id":4}"#, code: -32_600, id: 4)
  }

  @Test func objectWithNeitherMethodNorIdIsAnInvalidRequestWithNullId() throws {
    try expectError(#"{"foo":"boo"}"#, code: -32_600)
  }

  @Test(arguments: [#""bar""#, "1", "true"])
  func paramsThatAreNeitherObjectNorArrayAreAnInvalidRequest(params: String) throws {
    try expectError(
      #"{"jsonrpc":"2.0","id":1,"method":"echo","params":\#(params)}"#, code: -32_600, id: 1)
  }

  @Test func invalidNotificationIsAnsweredWithNullId() throws {
    try expectError(#"{"jsonrpc":"2.0","method":1,"params":"bar"}"#, code: -32_600)
  }

  @Test(arguments: [#"{"a":1}"#, "[1]", "true", "false"])
  func idOfAWrongTypeIsAnsweredWithNullId(id: String) throws {
    try expectError(#"{"jsonrpc":"2.0","id":\#(id),"method":"nothing"}"#, code: -32_600)
  }

  @Test func invalidRequestIsNotHandled() {
    var handler = RecordingHandler()
    _ = dispatch(#"{"jsonrpc":"2.0","id":[1],"method":"nothing"}"#, to: &handler)
    _ = dispatch(#"{"jsonrpc":"1.0","id":1,"method":"nothing"}"#, to: &handler)
    _ = dispatch(#"{"jsonrpc":"2.0","id":1,"method":"echo","params":3}"#, to: &handler)
    #expect(handler.calls.isEmpty)
  }

  @Test func arrayParamsReachTheHandler() throws {
    var handler = RecordingHandler()
    let text = dispatch(#"{"jsonrpc":"2.0","id":1,"method":"echo","params":[1]}"#, to: &handler)
    let answer = try JSONReader.parse(Array(try #require(text).utf8))
    #expect(handler.methods == ["echo"])
    #expect(answer["error"]?["code"] == -32_602)
  }

  // MARK: - Responses

  @Test(arguments: [
    #"{"jsonrpc":"2.0","id":1,"result":0}"#, #"{"jsonrpc":"2.0","id":1,"result":null}"#,
    #"{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"x"}}"#,
    #"{"id":"a","result":{}}"#,
  ])
  func responseIsDroppedWithoutAnAnswer(message: String) {
    var handler = RecordingHandler()
    #expect(dispatch(message, to: &handler) == nil)
    #expect(handler.calls.isEmpty)
  }

  // MARK: - Batches

  @Test func batchIsAnsweredInRequestOrder() throws {
    let batch = """
      [{"jsonrpc":"2.0","id":"b","method":"nothing"},{"jsonrpc":"2.0","id":"a","method":"fail"},\
      {"jsonrpc":"2.0","id":3,"method":"echo","params":{"x":1}}]
      """
    let answer = try answer(batch)
    let answers = try #require(answer.elements)
    #expect(answers.map { $0["id"] } == ["b", "a", 3])
    #expect(answers[0]["result"] == .null)
    #expect(answers[1]["error"]?["code"] == -32_050)
    #expect(answers[2]["result"] == ["x": 1])
  }

  @Test func batchRequestsAreHandledInOrder() {
    var handler = RecordingHandler()
    let batch = """
      [{"jsonrpc":"2.0","id":1,"method":"echo"},{"jsonrpc":"2.0","method":"nothing"},\
      {"jsonrpc":"2.0","id":2,"method":"fail"}]
      """
    _ = dispatch(batch, to: &handler)
    #expect(handler.methods == ["echo", "nothing", "fail"])
  }

  @Test func batchOmitsNotificationsAndResponses() {
    let batch = """
      [{"jsonrpc":"2.0","method":"nothing"},{"jsonrpc":"2.0","id":1,"method":"nothing"},\
      {"jsonrpc":"2.0","method":"fail"},{"jsonrpc":"2.0","id":9,"result":1}]
      """
    #expect(dispatch(batch) == #"[{"jsonrpc":"2.0","id":1,"result":null}]"#)
  }

  @Test func batchOfOnlyNotificationsWritesNothing() {
    var handler = RecordingHandler()
    let batch = #"[{"jsonrpc":"2.0","method":"echo"},{"jsonrpc":"2.0","method":"nope"}]"#
    #expect(dispatch(batch, to: &handler) == nil)
    #expect(handler.methods == ["echo", "nope"])
  }

  @Test func emptyBatchIsOneInvalidRequestWithNullId() throws {
    try expectError("[]", code: -32_600)
  }

  @Test func batchOfNonObjectsAnswersEachWithAnInvalidRequest() throws {
    let answer = try answer("[1,[],\"x\"]")
    let answers = try #require(answer.elements)
    #expect(answers.count == 3)
    #expect(answers.allSatisfy { $0["error"]?["code"] == -32_600 && $0["id"] == .null })
  }

  @Test func batchMixesResultsAndErrorsForItsElements() throws {
    let answer = try answer(#"[{"jsonrpc":"2.0","id":1,"method":"nothing"},7]"#)
    let answers = try #require(answer.elements)
    #expect(answers.count == 2)
    #expect(answers.first == ["jsonrpc": "2.0", "id": 1, "result": nil])
    #expect(answers.last?["error"]?["code"] == -32_600)
  }

  @Test func batchLargerThanTheLimitIsOneError() throws {
    var handler = RecordingHandler()
    let request = #"{"jsonrpc":"2.0","id":1,"method":"nothing"}"#
    let batch = "[" + Array(repeating: request, count: 4).joined(separator: ",") + "]"
    let text = dispatch(batch, to: &handler, dispatcher: Dispatcher(maxBatch: 3))
    let answer = try JSONReader.parse(Array(try #require(text).utf8))
    #expect(answer["id"] == .null)
    #expect(answer["error"]?["code"] == -32_006)
    #expect(answer["error"]?["data"] == ["limit": 3, "count": 4])
    #expect(handler.calls.isEmpty)
  }

  @Test func batchAtTheLimitIsAnswered() throws {
    let request = #"{"jsonrpc":"2.0","id":1,"method":"nothing"}"#
    let batch = "[" + Array(repeating: request, count: 3).joined(separator: ",") + "]"
    let answer = try JSONReader.parse(
      Array(try #require(dispatch(batch, dispatcher: Dispatcher(maxBatch: 3))).utf8))
    let answers = try #require(answer.elements)
    #expect(answers.count == 3)
  }

  @Test func nestedBatchIsAnInvalidRequest() throws {
    let answer = try answer(#"[[{"jsonrpc":"2.0","id":1,"method":"nothing"}]]"#)
    let answers = try #require(answer.elements)
    #expect(answers.count == 1)
    #expect(answers.first?["error"]?["code"] == -32_600)
  }
}

/// A handler that writes nothing at all, as a notification-style method does.
private struct SilentHandler: RequestHandler {
  let requestedExitStatus: Int32? = nil
  mutating func handle(_ request: Request, result: inout JSONWriter) throws(RPCError) {}
}

@Suite struct DispatcherSilentHandlerTests {
  @Test func requestWhoseHandlerWritesNothingIsAnsweredWithNullResult() {
    var handler = SilentHandler()
    var dispatcher = Dispatcher()
    var writer = JSONWriter()
    let message = Array(#"{"jsonrpc":"2.0","id":1,"method":"initialized"}"#.utf8)
    #expect(dispatcher.dispatch(message[...], to: &handler, writer: &writer))
    #expect(
      String(decoding: writer.bytes, as: UTF8.self) == #"{"jsonrpc":"2.0","id":1,"result":null}"#)
  }
}
