// Every crasher the daemon fuzzer found, replayed through the binary as the fuzz target read it:
// the answers its messages ask for, valid, and a clean exit.
import JSONRPC
import Testing

@Suite struct FuzzRegressionTests {
  static let directory: String = {
    var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(4)  // Tests/petflowdTests/Hardening/FuzzRegressionTests.swift
    return parts.joined(separator: "/") + "/fuzz/regressions/daemon"
  }()

  static var inputs: [String] { (try? Directory.files(in: directory)) ?? [] }

  /// What each kept crasher is answered, read from its messages: the ids of the answers in
  /// order (an array for a batch's), and the exit status. A crasher added without its line here
  /// fails `everyCrasherSaysWhatItIsAnswered`: a replay that gets nothing must be meant to.
  static let expected: [String: (ids: String, status: Int32)] = [
    // A batch of `initialized` sent with an id and a bare number; an empty batch; a line cut
    // short; an unknown method with an id past 2^64, echoed as sent. Then the input ends.
    "empty-result-for-exit-request": (#"[[1,null],null,null,12345678901234567890]"#, 0)
  ]

  @Test func regressionsAreKept() {
    #expect(!Self.inputs.isEmpty)
  }

  @Test func everyCrasherSaysWhatItIsAnswered() {
    let names = Set(Self.inputs.map { String($0.split(separator: "/").last ?? "") })
    #expect(names == Set(Self.expected.keys))
  }

  /// The fuzz target's reading of its input: the first byte picks the framing and the chunk
  /// size, the rest is the stream, which petflowd reads chunk by chunk with the target's limits.
  @Test(arguments: inputs)
  func crasherIsAnsweredAsItsMessagesAskAndExitsCleanly(path: String) throws {
    let bytes = try TextFile.bytes(path)
    let control = try #require(bytes.first, "an empty crasher replays nothing")
    let framing = ["auto", "lsp", "ndjson"][Int(control % 3)]
    let chunkSize = Int(control / 3) % 64 + 1
    let stream = Array(bytes.dropFirst())
    let daemon = try DaemonProcess(arguments: [
      "--framing", framing, "--max-message-bytes", "65536", "--max-depth", "64",
      "--max-batch", "32", "--max-flows", "8", "--max-text-bytes", "16384",
    ])
    try daemon.sendInChunks(stream, of: chunkSize)
    let outcome = try daemon.finish()
    let name = String(path.split(separator: "/").last ?? "")
    let expected = try #require(Self.expected[name], "\(name) says nothing of its answers")
    #expect(outcome.status == expected.status, "exit status \(outcome.status)")
    let answers =
      Self.answersAreLSP(framing, stream)
      ? try DaemonProcess.lspBodies(outcome.stdout) : try DaemonProcess.ndjsonValues(outcome.stdout)
    #expect(answers.allSatisfy(Self.isAnswer), "\(outcome.stdoutText)")
    #expect(JSONValue.array(answers.map(Self.ids)) == (try JSONValue.parse(expected.ids)))
  }

  /// Whether the session answers in LSP framing: as asked, or, with `auto`, when the first
  /// byte after a leading byte-order mark and whitespace is neither `{` nor `[` (protocol.md).
  static func answersAreLSP(_ framing: String, _ stream: [UInt8]) -> Bool {
    guard framing == "auto" else { return framing == "lsp" }
    let unmarked = stream.starts(with: [0xEF, 0xBB, 0xBF]) ? stream.dropFirst(3) : stream[...]
    let first = unmarked.first { !(" \t\r\n".utf8.contains($0)) }
    return !(first == UInt8(ascii: "{") || first == UInt8(ascii: "["))
  }

  /// A JSON-RPC answer, or a batch's array of them.
  static func isAnswer(_ value: JSONValue) -> Bool {
    if let batch = value.arrayValue { return !batch.isEmpty && batch.allSatisfy(isAnswer) }
    return value["jsonrpc"] == "2.0" && value["id"] != nil
      && (value["result"] != nil) != (value["error"] != nil)
  }

  static func ids(_ answer: JSONValue) -> JSONValue {
    answer.arrayValue.map { JSONValue.array($0.map(ids)) } ?? answer["id"] ?? "missing"
  }
}
