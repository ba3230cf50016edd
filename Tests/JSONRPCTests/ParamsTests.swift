import Testing

@testable import JSONRPC

/// Params read member by member, with typed values whose errors name the parameter.
struct ParamsTests {
  /// Lends the params `text` holds to `body`.
  private func params(_ text: String, _ body: (Params) throws(ParamError) -> Void) throws {
    var tape = JSONTape()
    let failure = try Array(text.utf8).withUnsafeBufferPointer { bytes throws -> ParamError? in
      try tape.parse(bytes)
      do throws(ParamError) {
        try body(Params(document: tape.document(over: bytes), token: JSONDocument.root))
        return nil
      } catch {
        return error
      }
    }
    if let failure { throw failure }
  }

  /// Reads the member `name` of `text`'s object with `read`.
  private func read<Value>(
    _ text: String, _ name: String, _ read: (ParamValue) throws(ParamError) -> Value
  ) throws -> Value? {
    var found: Value?
    try params(text) { params throws(ParamError) in
      try params.forEachMember { member, value throws(ParamError) in
        if member == name { found = try read(value) }
      }
    }
    return found
  }

  private func error(
    _ text: String, _ name: String, _ read: (ParamValue) throws(ParamError) -> Void
  ) throws -> ParamError? {
    #expect(throws: ParamError.self) { _ = try self.read(text, name, read) }
  }

  @Test func membersComeInOrderSoALaterDuplicateWins() throws {
    var seen: [String] = []
    var text: String?
    try params(#"{"text":"a","caret":1,"text":"b"}"#) { params throws(ParamError) in
      try params.forEachMember { name, value throws(ParamError) in
        seen.append(name.string)
        if case "text" = name { text = try value.string() }
      }
    }
    #expect(seen == ["text", "caret", "text"])
    #expect(text == "b")
  }

  @Test func namesMatchPatternsByTheirBytes() throws {
    var matched: [String] = []
    try params(#"{"field":1,"fie":2,"\u0066ield":3}"#) { params throws(ParamError) in
      try params.forEachMember { name, value throws(ParamError) in
        switch name {
        case "field": matched.append("field \(try value.offset() ?? -1)")
        default: matched.append("other")
        }
      }
    }
    #expect(matched == ["field 1", "other", "field 3"])
  }

  @Test func absentParamsHaveNoMembers() throws {
    var count = 0
    try params("{}") { params throws(ParamError) in
      try Params(document: params.document, token: nil).forEachMember { _, _ throws(ParamError) in
        count += 1
      }
    }
    #expect(count == 0)
  }

  @Test func arrayParamsAreRefused() throws {
    let error = #expect(throws: ParamError.self) {
      try self.params("[1,2]") { params throws(ParamError) in
        try params.forEachMember { _, _ throws(ParamError) in }
      }
    }
    #expect(error?.problem == "params must be an object with named members, not an array")
    #expect(error?.parameter == nil)
  }

  @Test func missingParameterErrorNamesIt() throws {
    let error = #expect(throws: ParamError.self) {
      try self.params(#"{"other":1}"#) { params throws(ParamError) in
        _ = try params.required(nil as Int?, "name")
      }
    }
    #expect(error == ParamError("missing required parameter 'name'", parameter: "name"))
    #expect(
      RPCError(try #require(error))
        == RPCError(
          code: -32602, message: "Invalid params: missing required parameter 'name'",
          data: ["parameter": "name"]))
  }

  @Test func nullCountsAsAbsentForOptionalValues() throws {
    #expect(
      try read(#"{"n":null}"#, "n") { v throws(ParamError) in try v.optionalString() } == .some(nil)
    )
    #expect(try read(#"{"n":null}"#, "n") { v throws(ParamError) in try v.bool() } == .some(nil))
    #expect(try read(#"{"n":null}"#, "n") { v throws(ParamError) in try v.offset() } == .some(nil))
  }

  @Test func nullIsMissingForARequiredString() throws {
    let error = try error(#"{"n":null}"#, "n") { v throws(ParamError) in _ = try v.string() }
    #expect(error?.problem == "missing required parameter 'n'")
  }

  @Test func typedValuesAreRead() throws {
    #expect(try read(#"{"s":"é\n"}"#, "s") { v throws(ParamError) in try v.string() } == "é\n")
    #expect(try read(#"{"b":false}"#, "b") { v throws(ParamError) in try v.bool() } == false)
    #expect(try read(#"{"i":-42}"#, "i") { v throws(ParamError) in try v.integer() } == -42)
  }

  @Test(arguments: [
    ("1", "a number"), ("true", "a boolean"), ("[]", "an array"), ("{}", "an object"),
  ])
  func wrongTypeErrorNamesExpectedAndActualTypes(value: String, actual: String) throws {
    let error = try error(#"{"name":\#(value)}"#, "name") { v throws(ParamError) in
      _ = try v.string()
    }
    #expect(error == ParamError("'name' must be a string, not \(actual)", parameter: "name"))
  }

  @Test func nestedErrorsNameTheFullPath() throws {
    let error = try error(#"{"selection":{"start":"0"}}"#, "selection") {
      selection throws(ParamError) in
      try selection.object()?.forEachMember { _, start throws(ParamError) in _ = try start.offset()
      }
    }
    #expect(
      error
        == ParamError(
          "'selection.start' must be a non-negative integer, not a string",
          parameter: "selection.start"))
  }

  @Test func doublyNestedPathsJoinWithDots() throws {
    var path = ""
    _ = try read(#"{"a":{"b":{"c":1}}}"#, "a") { a throws(ParamError) in
      try a.object()?.forEachMember { _, b throws(ParamError) in
        try b.object()?.forEachMember { _, c throws(ParamError) in path = c.parameter }
      }
    }
    #expect(path == "a.b.c")
  }

  @Test func nestedMissingMemberNamesTheFullPath() throws {
    let error = try error(#"{"selection":{"end":1}}"#, "selection") { v throws(ParamError) in
      guard let selection = try v.object() else { return }
      _ = try selection.required(nil as Int?, "start")
    }
    #expect(error?.parameter == "selection.start")
  }

  @Test func unknownMemberNamesItWithItsPath() throws {
    let error = try error(#"{"selection":{"start":0,"ned":1}}"#, "selection") {
      v throws(ParamError) in
      try v.object()?.forEachMember { name, member throws(ParamError) in
        if case "start" = name { return }
        throw member.unknown
      }
    }
    #expect(error == ParamError("unknown parameter 'selection.ned'", parameter: "selection.ned"))
  }

  @Test(arguments: [
    ("0", 0), ("-0", 0), ("7", 7), ("1.0", 1), ("1e2", 100), ("1E+2", 100), ("250e-1", 25),
    ("1e400", Int.max), ("12345678901234567890", Int.max), ("9223372036854775807", Int.max),
  ])
  func offsetAcceptsWholeNonNegativeNumbers(text: String, expected: Int) throws {
    #expect(
      try read(#"{"at":\#(text)}"#, "at") { v throws(ParamError) in try v.offset() } == expected)
  }

  /// A number kept or written back (a snapshot's `rev`, a `maxLength`) reads in 64 bits, so that
  /// 3000000000 stays itself where `Int` is 32 bits (the WebAssembly module).
  @Test(
    arguments: [
      ("0", 0), ("7e0", 7), ("3000000000", 3_000_000_000), ("5000000000.0", 5_000_000_000),
      ("9007199254740991", 9_007_199_254_740_991), ("1e400", Int64.max),
    ] as [(String, Int64)])
  func nonNegativeIntegerReadsSixtyFourBits(text: String, expected: Int64) throws {
    #expect(
      try read(#"{"at":\#(text)}"#, "at") { v throws(ParamError) in try v.nonNegativeInteger() }
        == expected)
  }

  @Test func nonNegativeIntegerRefusesANegativeOne() throws {
    let error = try error(#"{"at":-3000000000}"#, "at") { v throws(ParamError) in
      _ = try v.nonNegativeInteger()
    }
    #expect(error == ParamError("'at' must not be negative", parameter: "at"))
  }

  @Test(arguments: ["-1", "-1e400", "-12345678901234567890"])
  func negativeOffsetIsRefused(text: String) throws {
    let error = try error(#"{"at":\#(text)}"#, "at") { v throws(ParamError) in _ = try v.offset() }
    #expect(error == ParamError("'at' must not be negative", parameter: "at"))
  }

  @Test(arguments: ["1.5", "-1.5", "0.5", "1e-400", "9007199254740993.5"])
  func fractionalOffsetIsRefused(text: String) throws {
    let error = try error(#"{"at":\#(text)}"#, "at") { v throws(ParamError) in _ = try v.offset() }
    #expect(error?.problem == "'at' must be a whole number, not \(text)")
  }

  @Test(arguments: ["9007199254740991", "-9007199254740991", "1e15"])
  func integerWithinTwoToThe53IsRead(text: String) throws {
    #expect(try read(#"{"n":\#(text)}"#, "n") { v throws(ParamError) in try v.integer() } != nil)
  }

  @Test(arguments: ["9007199254740992", "-9007199254740992", "1e30", "2.5"])
  func integerBeyondTwoToThe53OrFractionalIsRefused(text: String) throws {
    let error = try error(#"{"n":\#(text)}"#, "n") { v throws(ParamError) in _ = try v.integer() }
    #expect(error?.parameter == "n")
  }

  enum Color: String, CaseIterable { case red, green }

  @Test func choiceNamesTheCaseOrListsTheChoices() throws {
    #expect(
      try read(#"{"c":"green"}"#, "c") { v throws(ParamError) in
        try v.choice(of: Color.self, "color")
      } == .green)
    let error = try error(#"{"c":"blue"}"#, "c") { v throws(ParamError) in
      _ = try v.choice(of: Color.self, "color")
    }
    #expect(error == ParamError("unknown color 'blue'; expected one of red, green", parameter: "c"))
  }
}
