// `petflowd format FIELD [TEXT]` and `petflowd validate FIELD [TEXT]` through the binary, as
// a shell script uses them: one line out per text, and the exit status says how it went.
// The README's examples of them are executed here too, and the manual's list of kinds.
import JSONRPC
import Testing

@Suite struct OneShotEndToEndTests {
  /// Runs petflowd with `arguments`, `input` on stdin: (stdout lines, exit status).
  static func run(_ arguments: [String], input: [UInt8] = []) throws -> ([String], Int32) {
    let daemon = try DaemonProcess(arguments: arguments)
    if !input.isEmpty { try daemon.send(input) }
    let outcome = try daemon.finish()
    var lines = outcome.stdoutText.split(separator: "\n", omittingEmptySubsequences: false)
    if lines.last == "" { lines.removeLast() }
    return (lines.map(String.init), outcome.status)
  }

  @Test func eachLineOfStdinGetsOneLineOutCRLFAndALastLineWithoutANewlineIncluded() throws {
    let (lines, status) = try Self.run(
      ["format", "chipNumber"], input: Array("123456\r\n\n12a34\n123456789012345".utf8))
    #expect(lines == ["12345-6", "", "1234", "12345-67890-12345"])
    #expect(status == 0)
  }

  @Test func validateExitsWithOneWhenAnyTextIsInvalid() throws {
    let (lines, status) = try Self.run(["validate", "age"], input: Array("3\n1.5\n".utf8))
    #expect(lines == ["valid", "invalid\tage.notWhole\tEnter the age in whole years"])
    #expect(status == 1)
    #expect(try Self.run(["validate", "age", "3"]) == (["valid"], 0))
  }

  @Test func aLineThatIsNotUTF8IsRefusedInItsPlaceNeverJudgedWithReplacementCharacters() throws {
    // As text, "ab\u{FFFD}c" would be valid: the bytes are refused instead, and the lines
    // after them still answered, each in its place.
    let input: [UInt8] = Array("ab".utf8) + [0xFF] + Array("c\nok\n".utf8)
    let (lines, status) = try Self.run(["validate", "text"], input: input)
    #expect(lines == ["error\t-32700\tParse error: the text is not UTF-8", "valid"])
    #expect(status == 2)
    let (json, _) = try Self.run(["format", "--json", "text"], input: input)
    #expect(
      json.first == #"{"error":{"code":-32700,"message":"Parse error: the text is not UTF-8"}}"#)
    #expect(json.count == 2)
  }

  @Test func aTextArgumentThatIsNotUTF8IsRefusedAsSuchALineIsNeverJudgedWithReplacements() throws {
    // As text, "ab\u{FFFD}c" would be valid: the bytes are refused, exactly as on stdin.
    let text: [UInt8] = Array("ab".utf8) + [0xFF] + Array("c".utf8)
    for json in [false, true] {
      let words = ["validate"] + (json ? ["--json"] : []) + ["text"]
      let daemon = try DaemonProcess(argumentBytes: words.map { Array($0.utf8) } + [text])
      let outcome = try daemon.finish()
      let (stdin, _) = try Self.run(words, input: text + [10])
      #expect(outcome.stdoutText == stdin.joined() + "\n")
      #expect(outcome.stdoutText.contains("-32700"))
      #expect(outcome.status == 2)
    }
  }

  @Test func aTextOverTheLimitIsRefusedInItsPlace() throws {
    let (lines, status) = try Self.run(
      ["--max-text-bytes", "5", "format", "text"], input: Array("1234567\nabc\n".utf8))
    #expect(lines == ["error\t-32004\t'text' is 7 bytes long; the limit is 5", "abc"])
    #expect(status == 2)
  }

  @Test func anUnknownFieldKindIsAUsageErrorThatStopsAtOnce() throws {
    let daemon = try DaemonProcess(arguments: ["format", "dragon"])
    try daemon.send("1\n2\n")
    let outcome = try daemon.finish()
    #expect(outcome.stdout.isEmpty)
    #expect(outcome.status == 2)
    #expect(outcome.stderrText.split(separator: "\n").count == 1, "\(outcome.stderrText)")
    #expect(outcome.stderrText.contains("unknown field kind 'dragon'"))
  }

  /// The manual (petflowd.1) names the kinds `format` and `validate` take: field/list's.
  @Test func theManualNamesEveryKindTheCommandsTake() throws {
    var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(3)  // Tests/petflowdTests/OneShotEndToEndTests.swift
    let manual = try TextFile.read(parts.joined(separator: "/") + "/petflowd.1")
    let list =
      manual.split(separator: ".I field\nis one of\n").dropFirst().first?
      .split(separator: "\n(a\n").first ?? ""
    // The list's lines but roff comments (scripts/generate-lists marks the list it writes).
    let lines = list.split(separator: "\n").filter { !$0.hasPrefix(#".\""#) }
    let words: [Substring] = lines.flatMap { $0.split { " \",".contains($0) } }
    let named: [String] = words.filter { $0 != ".BR" && $0 != ".B" }.map(String.init)
    let fields = try #require(FieldEndToEndTests.call("field/list", "{}")["fields"]?.arrayValue)
    #expect(named == fields.compactMap { $0["kind"]?.stringValue })
  }

  // MARK: - The README's examples

  /// A README line `.build/release/petflowd ARGS   # EXPECTED`: `<TAB>` stands for a tab, and
  /// `…` for whatever the README leaves out.
  struct ReadmeExample: CustomTestStringConvertible, Sendable {
    var arguments: [String]
    var expected: String
    var testDescription: String { "README: petflowd \(arguments.joined(separator: " "))" }
  }

  static func readmeExamples() -> [ReadmeExample] {
    var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(3)  // Tests/petflowdTests/OneShotEndToEndTests.swift
    guard let readme = try? TextFile.read(parts.joined(separator: "/") + "/README.md") else {
      return []
    }
    return readme.split(separator: "\n").compactMap { line -> ReadmeExample? in
      guard line.hasPrefix(".build/release/petflowd "), let hash = line.firstIndex(of: "#")
      else { return nil }
      let command = line[..<hash].split(separator: " ").dropFirst().map(String.init)
      let expected = String(line[line.index(after: hash)...].drop { $0 == " " })
      guard command.first == "format" || command.first == "validate" else { return nil }
      return ReadmeExample(
        arguments: command, expected: expected.replacing("<TAB>", with: "\t"))
    }
  }

  @Test func theReadmeHasOneShotExamples() {
    #expect(Self.readmeExamples().count >= 4)
  }

  @Test(arguments: readmeExamples())
  func readmeExampleAnswersAsShown(_ example: ReadmeExample) throws {
    let (lines, _) = try Self.run(example.arguments)
    let output = try #require(lines.first)
    if let gap = example.expected.firstIndex(of: "…") {
      #expect(output.hasPrefix(example.expected[..<gap]), "\(output)")
      #expect(
        output.hasSuffix(example.expected[example.expected.index(after: gap)...]), "\(output)")
    } else {
      #expect(output == example.expected)
    }
  }
}
