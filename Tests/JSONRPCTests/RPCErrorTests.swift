import JSONRPC
import Testing

/// Error objects carry the reserved codes and their details.
struct RPCErrorTests {
  private func written(_ error: RPCError) -> String {
    var writer = JSONWriter()
    writer.value(error)
    return String(decoding: writer.bytes, as: UTF8.self)
  }

  @Test func errorWithoutDataHasNoDataMember() {
    #expect(written(RPCError(code: -32_000, message: "m")) == #"{"code":-32000,"message":"m"}"#)
  }

  @Test func errorWithDataCarriesIt() {
    let error = RPCError(code: -32_000, message: "m", data: ["k": [1]])
    #expect(written(error) == #"{"code":-32000,"message":"m","data":{"k":[1]}}"#)
  }

  @Test(arguments: [
    (RPCError.parseError("x"), -32_700), (.invalidRequest("x"), -32_600),
    (.methodNotFound("x"), -32_601), (.invalidParams("x"), -32_602),
  ])
  func reservedErrorsUseTheirCodes(error: RPCError, code: Int) {
    #expect(error.code == code)
  }

  @Test func methodNotFoundNamesTheMethod() {
    let error = RPCError.methodNotFound("field/frobnicate")
    #expect(error.message == "Method not found: field/frobnicate")
    #expect(error.data == ["method": "field/frobnicate"])
  }

  @Test func errorIsWrittenAsCodeMessageAndData() {
    var writer = JSONWriter()
    writer.value(RPCError.invalidParams("bad", parameter: "x"))
    #expect(
      String(decoding: writer.bytes, as: UTF8.self)
        == #"{"code":-32602,"message":"Invalid params: bad","data":{"parameter":"x"}}"#)
  }
}
