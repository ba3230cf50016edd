import JSONRPC
import Testing

/// Error objects carry the reserved codes and their details.
struct RPCErrorTests {
  @Test func errorWithoutDataHasNoDataMember() {
    let error = RPCError(code: -32_000, message: "m")
    #expect(error.json.jsonText == #"{"code":-32000,"message":"m"}"#)
  }

  @Test func errorWithDataCarriesIt() {
    let error = RPCError(code: -32_000, message: "m", data: ["k": [1]])
    #expect(error.json.jsonText == #"{"code":-32000,"message":"m","data":{"k":[1]}}"#)
  }

  @Test(arguments: [
    (RPCError.parseError("x"), -32_700), (.invalidRequest("x"), -32_600),
    (.methodNotFound("x"), -32_601), (.invalidParams("x"), -32_602), (.internalError("x"), -32_603),
  ])
  func reservedErrorsUseTheirCodes(error: RPCError, code: Int) {
    #expect(error.code == code)
  }

  @Test func methodNotFoundNamesTheMethod() {
    let error = RPCError.methodNotFound("field/frobnicate")
    #expect(error.message == "Method not found: field/frobnicate")
    #expect(error.data == ["method": "field/frobnicate"])
  }

  @Test func responseWithErrorHasNoResultMember() {
    let response = Dispatcher.response(id: 1, error: .internalError("x"))
    #expect(response["result"] == nil)
    #expect(response["error"]?["code"] == -32_603)
  }
}
