// `petflowd check-flows FILE...` through the binary: one failing file per rule, each line and
// the exit status asserted (Tests/FlowFileCases: RULE.json fails with the lines of RULE.txt but
// its `#` comments).
import FlowFiles
import Testing

@Suite struct CheckFlowsTests {
  static let repository: String = {
    var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(4)  // Tests/petflowdTests/FlowFiles/CheckFlowsTests.swift
    return parts.joined(separator: "/")
  }()
  static let cases = repository + "/Tests/FlowFileCases"

  /// The rules with a failing file of their own (every rule but those about more than a file).
  static let ruleCases = FlowRule.allCases.filter { $0 != .file && $0 != .duplicateFlow }

  static func check(_ files: [String]) throws -> (lines: [String], status: Int32) {
    try OneShotEndToEndTests.run(["check-flows"] + files)
  }

  @Test(arguments: ruleCases)
  func ruleFileFailsWithItsLines(rule: FlowRule) throws {
    let file = "\(Self.cases)/\(rule.rawValue).json"
    // A line starting with `#` is a comment (unknown-kind.txt says scripts/generate-lists wrote it).
    let expected = try TextFile.read("\(Self.cases)/\(rule.rawValue).txt")
      .split(separator: "\n").filter { !$0.hasPrefix("#") }.map { file + ":" + $0 }
    let (lines, status) = try Self.check([file])
    #expect(lines == expected)
    // A warning's file loads: status 0, unless --strict.
    #expect(status == (rule.severity == .error ? 1 : 0))
    #expect(
      lines.contains { $0.contains(": \(rule.rawValue): ") }, "\(rule) is not among its lines")
  }

  @Test func aWarningIsMarkedAndFailsOnlyUnderStrict() throws {
    let file = "\(Self.cases)/redundant-entry.json"
    let (lines, status) = try Self.check([file])
    #expect(lines.count == 1)
    #expect(
      lines.allSatisfy { $0.hasPrefix(file + ":/steps/0/next/1: warning: redundant-entry: ") })
    #expect(status == 0)
    let strict = try Self.check(["--strict", file])
    #expect(strict == (lines, 1))
  }

  @Test func strictChangesNothingForErrorsOrSoundFiles() throws {
    let error = "\(Self.cases)/goto-unknown.json"
    #expect(try Self.check(["--strict", error]).status == 1)
    #expect(try Self.check(["--strict", Self.cases + "/sound.json"]) == ([], 0))
  }

  @Test func daemonStartsWithWarningsAndPrintsThem() throws {
    let scratch = try ScratchDirectory()
    let file = try scratch.write(
      "warned.json", try TextFile.read(Self.cases + "/redundant-entry.json"))
    let daemon = try DaemonProcess(arguments: ["--flows", scratch.path])
    try daemon.send(
      Array(#"{"jsonrpc":"2.0","id":1,"method":"flow/start","params":{"flow":"caseFlow"}}"#.utf8)
        + [10])
    let outcome = try daemon.finish()
    #expect(outcome.stdoutText.contains(#""flow":"caseFlow""#), "\(outcome.stdoutText)")
    #expect(outcome.stderrText.contains(file + ":/steps/0/next/1: warning: redundant-entry: "))
  }

  @Test func soundFilesPrintNothingAndExitZero() throws {
    let files =
      try Directory.files(in: Self.repository + "/flows")
      + Directory.files(in: Self.repository + "/flows/examples") + [Self.cases + "/sound.json"]
    #expect(try Self.check(files.filter { $0.hasSuffix(".json") }) == ([], 0))
    // Version 2 of the sighting report has its id: checked on its own.
    let version2 = Self.repository + "/flows/examples/version2/reportSighting.json"
    #expect(try Self.check([version2]) == ([], 0))
    // Every kind in a third language, with its translations.
    let languages = Self.repository + "/flows/examples/languages/allKinds.json"
    #expect(try Self.check([languages]) == ([], 0))
  }

  @Test func fileThatCannotBeReadIsRuleFile() throws {
    let (lines, status) = try Self.check(["/nonexistent/flow.json"])
    #expect(lines == ["/nonexistent/flow.json:: file: cannot read: No such file or directory"])
    #expect(status == 1)
  }

  @Test func flowIdInTwoFilesIsAProblemOfTheSecond() throws {
    let sound = try TextFile.read(Self.cases + "/sound.json")
    let scratch = try ScratchDirectory()
    let first = try scratch.write("a.json", sound)
    let second = try scratch.write("b.json", sound)
    let (lines, status) = try Self.check([first, second])
    #expect(
      lines == ["\(second):/id: duplicate-flow: flow id 'caseFlow' is also the id of \(first)"])
    #expect(status == 1)
  }

  @Test func eachFilesProblemsComeInDocumentOrderThenByRule() throws {
    let scratch = try ScratchDirectory()
    let file = try scratch.write(
      "x.json",
      #"{"payload": {}, "formatVersion": 3, "title": {"de": "X"}, "zz": 1, "id": "x", "version": 1, "steps": []}"#
    )
    let (lines, _) = try Self.check([file])
    #expect(
      lines.map { $0.split(separator: ": ").prefix(2).joined(separator: ": ") } == [
        "\(file):/formatVersion: format-version", "\(file):/title: missing-locale",
        "\(file):/title: missing-locale", "\(file):/title/de: unknown-locale",
        "\(file):/zz: unknown-key", "\(file):/steps: empty-list",
      ])
  }

  /// Every input the flow file fuzzer kept (fuzz/regressions/flows), checked through the binary.
  @Test func keptFuzzInputsAreCheckedWithoutACrash() throws {
    let inputs = try Directory.files(in: Self.repository + "/fuzz/regressions/flows")
    #expect(!inputs.isEmpty)
    for input in inputs {
      #expect([0, 1].contains(try Self.check([input]).status), "\(input)")
    }
  }

  @Test func withoutFilesItIsAUsageError() throws {
    #expect(try Self.check([]).status == 2)
  }

  @Test func daemonRefusesToStartOnABadFileWithTheSameLines() throws {
    let scratch = try ScratchDirectory()
    let bad = try scratch.write(
      "bad.json", try TextFile.read(Self.cases + "/goto-unknown.json"))
    let daemon = try DaemonProcess(arguments: ["--flows", scratch.path])
    let outcome = try daemon.finish()
    #expect(outcome.status == 2)
    #expect(outcome.stdout.isEmpty)
    let expected = try TextFile.read(Self.cases + "/goto-unknown.txt")
    #expect(outcome.stderrText.hasPrefix(bad + ":" + expected), "\(outcome.stderrText)")
  }

  @Test func daemonRefusesAFlowsDirectoryItCannotRead() throws {
    let outcome = try DaemonProcess(arguments: ["--flows", "/nonexistent"]).finish()
    #expect(outcome.status == 2)
    #expect(outcome.stderrText.contains("--flows /nonexistent: cannot read the directory"))
  }
}
