import JSONRPC
import Testing

/// Typed access to named params, with -32602 errors that name the parameter.
struct ParamsTests {
  private func params(_ text: String) throws -> Params {
    Params(try JSONReader.parse(Array(text.utf8)))
  }

  @Test func missingParameterErrorNamesIt() throws {
    let params = try params(#"{"other":1}"#)
    let error = #expect(throws: RPCError.self) { try params.string("name") }
    #expect(error?.code == RPCError.invalidParamsCode)
    #expect(error?.message == "Invalid params: missing required parameter 'name'")
    #expect(error?.data == ["parameter": "name"])
  }

  @Test func absentParamsCountAsAnEmptyObject() throws {
    let params = Params(nil)
    #expect(try params.optionalString("name") == nil)
    #expect(try params.names().isEmpty)
    #expect(try params.has("name") == false)
  }

  @Test func nullMemberCountsAsAbsentForTypedLookups() throws {
    let params = try params(#"{"name":null}"#)
    #expect(try params.optionalString("name") == nil)
    #expect(try params.bool("name") == nil)
    #expect(try params.offset("name") == nil)
  }

  @Test func nullMemberIsStillPresent() throws {
    #expect(try params(#"{"name":null}"#).has("name"))
  }

  @Test func typedLookupsAnswerTheirValues() throws {
    let params = try params(#"{"s":"é","b":false,"o":{"n":3}}"#)
    #expect(try params.string("s") == "é")
    #expect(try params.bool("b") == false)
    #expect(try params.requiredObject("o").requiredOffset("n") == 3)
  }

  @Test(arguments: [
    ("1", "a number"), ("true", "a boolean"), ("[]", "an array"), ("{}", "an object"),
  ])
  func wrongTypeErrorNamesExpectedAndActualTypes(value: String, actual: String) throws {
    let params = try params(#"{"name":\#(value)}"#)
    let error = #expect(throws: RPCError.self) { try params.string("name") }
    #expect(error?.message == "Invalid params: 'name' must be a string, not \(actual)")
    #expect(error?.data == ["parameter": "name"])
  }

  @Test func wrongTypeForBooleanNamesBothTypes() throws {
    let params = try params(#"{"flag":"yes"}"#)
    let error = #expect(throws: RPCError.self) { try params.bool("flag") }
    #expect(error?.message == "Invalid params: 'flag' must be a boolean, not a string")
  }

  @Test func nestedMissingParameterNamesTheFullPath() throws {
    let selection = try params(#"{"selection":{"end":1}}"#).requiredObject("selection")
    let error = #expect(throws: RPCError.self) { try selection.requiredOffset("start") }
    #expect(error?.message == "Invalid params: missing required parameter 'selection.start'")
    #expect(error?.data == ["parameter": "selection.start"])
  }

  @Test func nestedWrongTypeNamesTheFullPath() throws {
    let selection = try params(#"{"selection":{"start":"0"}}"#).requiredObject("selection")
    let error = #expect(throws: RPCError.self) { try selection.offset("start") }
    #expect(
      error?.message
        == "Invalid params: 'selection.start' must be a non-negative integer, not a string")
    #expect(error?.data == ["parameter": "selection.start"])
  }

  @Test func doublyNestedPathIsJoinedWithDots() throws {
    let inner = try params(#"{"a":{"b":{}}}"#).requiredObject("a").requiredObject("b")
    #expect(inner.qualified("c") == "a.b.c")
  }

  @Test func missingNestedObjectNamesIt() throws {
    let params = try params("{}")
    let error = #expect(throws: RPCError.self) { try params.requiredObject("selection") }
    #expect(error?.data == ["parameter": "selection"])
  }

  @Test func nestedObjectOfWrongTypeNamesIt() throws {
    let params = try params(#"{"selection":[0,1]}"#)
    let error = #expect(throws: RPCError.self) { try params.object("selection") }
    #expect(error?.message == "Invalid params: 'selection' must be an object, not an array")
  }

  @Test(arguments: [
    ("0", 0), ("-0", 0), ("7", 7), ("1.0", 1), ("1e2", 100), ("1E+2", 100), ("250e-1", 25),
    ("1e400", Int.max), ("12345678901234567890", Int.max), ("9223372036854775807", Int.max),
  ])
  func offsetAcceptsWholeNonNegativeNumbers(text: String, expected: Int) throws {
    let params = try params(#"{"at":\#(text)}"#)
    #expect(try params.offset("at") == expected)
  }

  @Test(arguments: ["-1", "-1e400", "-12345678901234567890"])
  func negativeOffsetIsInvalidParams(text: String) throws {
    let params = try params(#"{"at":\#(text)}"#)
    let error = #expect(throws: RPCError.self) { try params.offset("at") }
    #expect(error?.code == -32_602)
    #expect(error?.message == "Invalid params: 'at' must not be negative")
    #expect(error?.data == ["parameter": "at"])
  }

  @Test(arguments: ["1.5", "-1.5", "0.5", "1e-400", "9007199254740993.5"])
  func fractionalOffsetIsInvalidParams(text: String) throws {
    let params = try params(#"{"at":\#(text)}"#)
    let error = #expect(throws: RPCError.self) { try params.offset("at") }
    #expect(error?.code == -32_602)
    #expect(error?.message == "Invalid params: 'at' must be a whole number, not \(text)")
  }

  @Test func missingRequiredOffsetNamesIt() throws {
    let params = try params("{}")
    let error = #expect(throws: RPCError.self) { try params.requiredOffset("at") }
    #expect(error?.data == ["parameter": "at"])
  }

  @Test func arrayParamsAreRefused() throws {
    let params = try params("[1,2]")
    let error = #expect(throws: RPCError.self) { try params.value("text") }
    #expect(error?.code == -32_602)
    #expect(error?.message.contains("not an array") == true)
  }

  @Test func arrayParamsAreRefusedWhenListingNames() throws {
    let params = try params("[]")
    #expect(throws: RPCError.self) { try params.names() }
  }

  @Test func rejectUnknownNamesTheStranger() throws {
    let params = try params(#"{"text":"a","carret":1}"#)
    let error = #expect(throws: RPCError.self) {
      try params.rejectUnknown(allowing: ["text", "caret"])
    }
    #expect(error?.message == "Invalid params: unknown parameter 'carret'")
    #expect(error?.data == ["parameter": "carret"])
  }

  @Test func rejectUnknownNamesANestedStrangerWithItsPath() throws {
    let selection = try params(#"{"selection":{"start":0,"ned":1}}"#).requiredObject("selection")
    let error = #expect(throws: RPCError.self) {
      try selection.rejectUnknown(allowing: ["start", "end"])
    }
    #expect(error?.data == ["parameter": "selection.ned"])
  }

  @Test func rejectUnknownAcceptsKnownNames() throws {
    let params = try params(#"{"text":"a","caret":1}"#)
    #expect(throws: Never.self) { try params.rejectUnknown(allowing: ["text", "caret", "extra"]) }
  }
}
