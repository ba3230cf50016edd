// Every crasher the daemon fuzzer found, replayed through the binary: valid answers, clean exit.
import JSONRPC
import Testing

@Suite struct FuzzRegressionTests {
  static let directory: String = {
    var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(4)  // Tests/petflowdTests/Hardening/FuzzRegressionTests.swift
    return parts.joined(separator: "/") + "/fuzz/regressions/daemon"
  }()

  static var inputs: [String] { (try? Directory.files(in: directory)) ?? [] }

  @Test func regressionsAreKept() {
    #expect(!Self.inputs.isEmpty)
  }

  /// The first byte of a fuzz input picks the framing (the fuzz target's control byte);
  /// the rest is the stream, sent as a client would.
  @Test(arguments: inputs)
  func crasherIsAnsweredWithValidJSONAndACleanExit(path: String) throws {
    let bytes = Array(try TextFile.read(path).utf8)
    guard let control = bytes.first else { return }
    let framing = ["auto", "lsp", "ndjson"][Int(control % 3)]
    let daemon = try DaemonProcess(arguments: ["--framing", framing])
    try daemon.send(Array(bytes.dropFirst()))
    let outcome = try daemon.finish()
    #expect([0, 1].contains(outcome.status), "exit status \(outcome.status)")
    let answers =
      framing == "lsp"
        || (framing == "auto"
          && !(bytes.dropFirst().first(where: { $0 > 32 }).map { $0 == 123 || $0 == 91 } ?? false))
      ? try DaemonProcess.lspBodies(outcome.stdout) : try DaemonProcess.ndjsonValues(outcome.stdout)
    #expect(answers.allSatisfy { $0.objectValue != nil || $0.arrayValue != nil })
  }
}
