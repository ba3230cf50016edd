// A flow file's integers, which petflowd writes back (the version in every snapshot, a
// maxLength in every step), stay within ±(2^53 - 1): beyond, a client reading JSON numbers as
// doubles gets them changed, and a flow's own export would not import. Through the binary.
import JSONRPC
import Testing

@Suite struct FlowFileIntegerTests {
  static let largest = "9007199254740991"

  /// The sound case file with its version written as `version`.
  static func sound(version: String) throws -> String {
    try TextFile.read(CheckFlowsTests.cases + "/sound.json")
      .replacing("\"version\": 1,", with: "\"version\": \(version),")
  }

  static func rangeLine(_ what: String, _ written: String) -> String {
    "range: '\(what)' must be at most \(largest) (2^53 - 1, beyond which JavaScript and other readers of JSON numbers as doubles change integers), not \(written)"
  }

  @Test(arguments: ["9007199254740992", "1e30", "12345678901234567890"])
  func aVersionPastTwoToThe53IsARangeProblemAtItsPointer(version: String) throws {
    let scratch = try ScratchDirectory()
    let file = try scratch.write("flow.json", try Self.sound(version: version))
    let (lines, status) = try CheckFlowsTests.check([file])
    #expect(lines == ["\(file):/version: " + Self.rangeLine("version", version)])
    #expect(status == 1)
  }

  @Test func aNumberOfManyDigitsIsShownCutShort() throws {
    let scratch = try ScratchDirectory()
    let digits = String(repeating: "9", count: 400)
    let file = try scratch.write("flow.json", try Self.sound(version: digits))
    let (lines, _) = try CheckFlowsTests.check([file])
    #expect(
      lines == [
        "\(file):/version: " + Self.rangeLine("version", String(repeating: "9", count: 21) + "...")
      ])
  }

  @Test func theDaemonDoesNotStartWithAVersionPastTwoToThe53() throws {
    let scratch = try ScratchDirectory()
    let file = try scratch.write("flow.json", try Self.sound(version: "9007199254740992"))
    let outcome = try DaemonProcess(arguments: ["--flows", scratch.path]).finish()
    #expect(outcome.status == 2)
    #expect(outcome.stdout.isEmpty)
    #expect(outcome.stderrText.hasPrefix("\(file):/version: range: "))
  }

  @Test func aFlowOfTheLargestVersionExportsAndItsExportImports() throws {
    let scratch = try ScratchDirectory()
    try scratch.write("caseFlow.json", try Self.sound(version: Self.largest))
    let client = try FlowClient(arguments: ["--flows", scratch.path])
    let id = try client.flow("caseFlow", through: [["answer": "yes"]])
    let snapshot = try client.export(id)
    #expect(snapshot["version"] == .number(JSONNumber(9_007_199_254_740_991)))
    let imported = try FlowClient(arguments: ["--flows", scratch.path]).importing(snapshot)
    #expect(imported["version"] == snapshot["version"])
    #expect(imported.stepId == "second")
  }
}
