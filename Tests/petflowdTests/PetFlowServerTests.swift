// PetFlowServer.handle's own contract, beyond protocol.md's examples: nothing written where
// petflowd writes nothing, the session's end, and the size limit an app's body is held to.
import JSONRPC
import PetFlowKit
import Testing

@Suite struct PetFlowServerTests {
  func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

  @Test func notificationIsAnsweredWithNothing() {
    let server = PetFlowServer()
    #expect(server.handle(bytes(#"{"jsonrpc":"2.0","method":"initialized"}"#)) == nil)
  }

  @Test func exitAfterShutdownEndsWithStatusZeroAndAnswersNothingMore() {
    let server = PetFlowServer()
    #expect(server.handle(bytes(#"{"jsonrpc":"2.0","id":1,"method":"shutdown"}"#)) != nil)
    #expect(server.exitStatus == nil)
    #expect(server.handle(bytes(#"{"jsonrpc":"2.0","method":"exit"}"#)) == nil)
    #expect(server.exitStatus == 0)
    #expect(server.handle(bytes(#"{"jsonrpc":"2.0","id":2,"method":"field/list"}"#)) == nil)
  }

  @Test func exitWithoutShutdownEndsWithStatusOne() {
    let server = PetFlowServer()
    _ = server.handle(bytes(#"{"jsonrpc":"2.0","method":"exit"}"#))
    #expect(server.exitStatus == 1)
  }

  @Test func bodyPastTheLimitIsRefusedAsTheFramerRefusesIt() throws {
    var limits = PetFlowServer.Limits()
    limits.maxMessageBytes = 64
    let server = try PetFlowServer(flowFiles: [], limits: limits)
    let body =
      #"{"jsonrpc":"2.0","id":1,"method":"field/format","params":{"field":"text","text":"long"}}"#
    let answer = try JSONReader.parse(try #require(server.handle(bytes(body))))
    #expect(answer["id"] == .null)
    #expect(answer["error"]?["code"] == .int(-32005))
    #expect(answer["error"]?["data"]?["length"] == .int(body.utf8.count))
  }

  @Test func flowFileWithProblemsIsRefusedWithTheCheckersLines() {
    do {
      _ = try PetFlowServer(flowFiles: [bytes("{}")])
      Issue.record("a flow file without a single member was served")
    } catch {
      #expect(!error.problems.isEmpty)
      #expect(error.problems.allSatisfy { $0.hasPrefix("flow file 1:") })
    }
  }

  @Test func flowFileBytesAreServedBesideTheBuiltInFlows() throws {
    let sighting = try TextFile.bytes(
      ProtocolExamplesTests.protocolPath.replacing(
        "protocol.md", with: "flows/examples/reportSighting.json"))
    let server = try PetFlowServer(flowFiles: [sighting])
    let answer = try JSONReader.parse(
      try #require(server.handle(bytes(#"{"jsonrpc":"2.0","id":1,"method":"flow/list"}"#))))
    let ids = answer["result"]?["flows"]?.arrayValue?.compactMap { $0["id"]?.stringValue } ?? []
    #expect(ids.contains("reportSighting"))
    #expect(ids.contains("reportMissingPet"))
  }
}
