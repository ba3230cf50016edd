// Every parameter of every method, given the wrong JSON type: -32602 naming it, never a crash.
import JSONRPC
import Testing

@Suite struct ParameterTypeTests {
  /// A parameter: its dotted path inside `params`, and the JSON type it takes.
  struct Case: CustomTestStringConvertible, Sendable {
    let method: String
    /// Valid params, as JSON text, into which the wrong value is put.
    let base: String
    let path: String
    let wrong: String
    var testDescription: String { "\(method) \(path) = \(wrong)" }
  }

  enum Kind { case string, integer, object, boolean, array }

  static let wrongValues: [Kind: [String]] = [
    .string: ["1", "true", "[]", "{}"],
    .integer: ["\"1\"", "true", "[]", "{}", "-1", "1.5"],
    .object: ["\"x\"", "1", "true", "[]"],
    .boolean: ["\"x\"", "1", "[]", "{}"],
    .array: ["\"x\"", "1", "true", "{}"],
  ]

  static let format =
    #"{"field":"chipNumber","text":"1","selection":{"start":0,"end":0},"options":{"required":true}}"#
  static let edit =
    #"{"field":"chipNumber","text":"1","selection":{"start":0,"end":0},"edit":{"type":"replace","start":0,"end":0,"text":"2"},"options":{"required":true}}"#
  static let validate = #"{"field":"chipNumber","text":"1","options":{"required":true}}"#
  static let initialize = #"{"positionEncoding":"utf-8","locale":"en","today":"2026-11-22"}"#

  static let parameters: [(String, String, String, Kind)] = [
    ("initialize", initialize, "positionEncoding", .string),
    ("initialize", initialize, "locale", .string),
    ("initialize", initialize, "today", .string),
    ("field/format", format, "field", .string),
    ("field/format", format, "text", .string),
    ("field/format", format, "selection", .object),
    ("field/format", format, "selection.start", .integer),
    ("field/format", format, "selection.end", .integer),
    ("field/format", format, "options", .object),
    ("field/format", format, "options.required", .boolean),
    ("field/edit", edit, "field", .string),
    ("field/edit", edit, "text", .string),
    ("field/edit", edit, "selection", .object),
    ("field/edit", edit, "selection.start", .integer),
    ("field/edit", edit, "selection.end", .integer),
    ("field/edit", edit, "edit", .object),
    ("field/edit", edit, "edit.type", .string),
    ("field/edit", edit, "edit.start", .integer),
    ("field/edit", edit, "edit.end", .integer),
    ("field/edit", edit, "edit.text", .string),
    ("field/edit", edit, "options", .object),
    ("field/validate", validate, "field", .string),
    ("field/validate", validate, "text", .string),
    ("field/validate", validate, "options", .object),
    ("flow/start", #"{"flow":"reportMissingPet"}"#, "flow", .string),
    ("flow/state", #"{"flowId":"x"}"#, "flowId", .string),
    ("flow/update", #"{"flowId":"x","values":{}}"#, "flowId", .string),
    ("flow/update", #"{"flowId":"x","values":{}}"#, "values", .object),
    ("flow/next", #"{"flowId":"x","values":{}}"#, "flowId", .string),
    ("flow/next", #"{"flowId":"x","values":{}}"#, "values", .object),
    ("flow/back", #"{"flowId":"x"}"#, "flowId", .string),
    ("flow/goto", #"{"flowId":"x","step":"photo"}"#, "flowId", .string),
    ("flow/goto", #"{"flowId":"x","step":"photo"}"#, "step", .string),
    ("flow/cancel", #"{"flowId":"x"}"#, "flowId", .string),
    ("flow/validate", #"{"flowId":"x","values":{},"fields":[]}"#, "flowId", .string),
    ("flow/export", #"{"flowId":"x"}"#, "flowId", .string),
    ("flow/import", #"{"snapshot":{}}"#, "snapshot", .object),
  ]

  static var cases: [Case] {
    parameters.flatMap { method, base, path, kind in
      (wrongValues[kind] ?? []).map { Case(method: method, base: base, path: path, wrong: $0) }
    }
  }

  /// `base` with the member at `path` replaced by `wrong`.
  static func params(_ testCase: Case) throws -> JSONValue {
    var root = try JSONValue.parse(testCase.base)
    let wrong = try JSONValue.parse(testCase.wrong)
    root = replacing(
      root, at: testCase.path.split(separator: ".").map(String.init)[...], with: wrong)
    return root
  }

  static func replacing(_ value: JSONValue, at path: ArraySlice<String>, with wrong: JSONValue)
    -> JSONValue
  {
    guard let name = path.first, case .object(var object) = value else { return wrong }
    object[name] =
      path.count == 1 ? wrong : replacing(object[name] ?? [:], at: path.dropFirst(), with: wrong)
    return .object(object)
  }

  @Test(arguments: cases)
  func wrongTypeIsInvalidParamsNamingTheParameter(_ testCase: Case) throws {
    let daemon = try DaemonProcess()
    let request = JSONValue.object(
      JSONObject([
        ("jsonrpc", "2.0"), ("id", 1), ("method", .string(testCase.method)),
        ("params", try Self.params(testCase)),
      ]))
    let answers = try daemon.exchange([request.jsonText, HostileInputTests.ping], expecting: 2)
    #expect(answers[0].errorCode == -32602, "\(answers[0].jsonText)")
    #expect(answers[0]["error"]?["data"]?["parameter"]?.stringValue == testCase.path)
    #expect(answers[1]["id"] == "after")
  }

  /// The methods that take no params (protocol.md, "Parameter errors", names them).
  static let takingNone: Set = ["field/list", "flow/list", "shutdown"]

  /// `parameters` covers every method `initialize` lists but those that take none, so a method
  /// added to petflowd fails here until its parameters are listed above (or it joins
  /// `takingNone`).
  @Test func everyListedMethodHasItsParametersHere() throws {
    let daemon = try DaemonProcess()
    let answer = try daemon.exchange(
      [#"{"jsonrpc":"2.0","id":0,"method":"initialize"}"#], expecting: 1)
    let listed = try #require(answer.first?["result"]?["methods"]?.arrayValue)
      .compactMap(\.stringValue)
    let covered = Set(Self.parameters.map(\.0))
    #expect(Set(listed).subtracting(covered) == Self.takingNone)
    #expect(covered.isSubset(of: listed))
  }

  @Test func positionalParamsAreRefusedWithInvalidParams() throws {
    let daemon = try DaemonProcess()
    let answers = try daemon.exchange(
      [#"{"jsonrpc":"2.0","id":1,"method":"field/format","params":["chipNumber","1"]}"#],
      expecting: 1)
    #expect(answers.first?.errorCode == -32602)
  }
}
