// Executes every example session in protocol.md against the binary, so the document cannot drift,
// and replays what the binary was sent through `PetFlowServer.handle` in process: the same bytes.
@_spi(Engine) import FlowFiles
import JSONRPC
@_spi(Engine) import PetFlowHost
import PetFlowKit
import Testing

@Suite struct ProtocolExamplesTests {
  /// One ```jsonrpc block: the lines sent, the answers expected, where it starts in the file.
  struct Example: CustomTestStringConvertible, Sendable {
    var line: Int
    var arguments: [String] = []
    var sent: [String] = []
    var expected: [String] = []
    var testDescription: String { "protocol.md line \(line)" }
  }

  static let protocolPath: String = {
    var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(3)  // Tests/petflowdTests/ProtocolExamplesTests.swift
    return parts.joined(separator: "/") + "/protocol.md"
  }()

  static func examples() -> [Example] {
    guard let text = try? TextFile.read(protocolPath) else { return [] }
    var examples: [Example] = []
    var current: Example?
    for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
    {
      if line.hasPrefix("```jsonrpc") {
        current = Example(line: number + 1)
      } else if line.hasPrefix("```"), let example = current {
        examples.append(example)
        current = nil
      } else if current != nil {
        if line.hasPrefix("--> ") {
          current?.sent.append(String(line.dropFirst(4)))
        } else if line.hasPrefix("<-- ") {
          current?.expected.append(String(line.dropFirst(4)))
        } else if line.hasPrefix("$ petflowd") {
          current?.arguments = Self.arguments(line.split(separator: " ").dropFirst(2))
        }
      }
    }
    return examples
  }

  /// The command line's arguments, the directories of `--flows` (relative to the repository,
  /// where protocol.md is) made absolute, so the examples run from any directory.
  static func arguments(_ words: ArraySlice<Substring>) -> [String] {
    let repository = String(protocolPath.dropLast("/protocol.md".count))
    var arguments: [String] = []
    for word in words {
      let isFlows = arguments.last == "--flows" && !word.hasPrefix("/")
      arguments.append(isFlows ? repository + "/" + word : String(word))
    }
    return arguments
  }

  @Test func protocolDocumentHasExamples() {
    #expect(Self.examples().count >= 3)
  }

  @Test(arguments: examples())
  func exampleRunsAsDocumented(_ example: Example) throws {
    let daemon = try DaemonProcess(arguments: example.arguments)
    var bindings: [String: JSONValue] = [:]
    var answered = 0
    var sent: [String] = []
    // Send line by line, waiting for each answer, so captured values ({{name}}) can be
    // used in later requests.
    for line in example.sent {
      let before = daemon.stdout.lazy.filter { $0 == 10 }.count
      sent.append(Self.substitute(bindings, in: line))
      try daemon.send(sent[sent.count - 1] + "\n")
      let expectsAnswer = answered < example.expected.count && Self.isRequest(line)
      guard expectsAnswer else { continue }
      try daemon.read(until: { $0.lazy.filter { $0 == 10 }.count > before })
      let actual = try #require(try DaemonProcess.ndjsonValues(daemon.stdout).last)
      let expected = try JSONValue.parse(example.expected[answered])
      var matcher = Matcher(bindings: bindings)
      let matches = matcher.match(expected, actual)
      #expect(
        matches,
        "protocol.md line \(example.line): sent \(line)\nexpected \(expected.jsonText)\n     got \(actual.jsonText)"
      )
      bindings = matcher.bindings
      answered += 1
    }
    let outcome = try daemon.finish()
    let lines = try DaemonProcess.ndjsonValues(outcome.stdout)
    #expect(lines.count == example.expected.count, "protocol.md line \(example.line): answer count")
    let inProcess = try Self.answersInProcess(
      sent, arguments: example.arguments, like: outcome.stdout)
    #expect(
      inProcess == outcome.stdout,
      """
      protocol.md line \(example.line): PetFlowServer.handle answered
      \(String(decoding: inProcess, as: UTF8.self))
      the binary
      \(outcome.stdoutText)
      """)
  }

  /// Each line through `PetFlowServer.handle`, its answer followed by a newline as the daemon
  /// frames NDJSON; the server set up as the command line sets up the daemon, with the flow ids'
  /// prefix the binary drew (found in `binaryOutput`), so that even the ids agree.
  static func answersInProcess(
    _ lines: [String], arguments: [String], like binaryOutput: [UInt8]
  ) throws -> [UInt8] {
    var limits = PetFlowServer.Limits()
    var flowFiles: [String] = []
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      let next = remaining.popFirst()
      let value = try #require(next, "\(argument) needs a value")
      switch argument {
      case "--flows": flowFiles += try FlowFileSet.jsonFiles(in: value).get()
      case "--max-flows": limits.maxFlows = try #require(Int(value))
      default:
        Issue.record("an example's argument the in-process replay does not know: \(argument)")
      }
    }
    let loaded = FlowFileSet.load(files: flowFiles)
    try #require(loaded.problems.isEmpty)
    let server = PetFlowServer(
      limits: limits, log: .off, catalog: FlowCatalog(files: loaded.definitions),
      clock: LocalCalendar.clock, flowIdPrefix: flowIdPrefix(in: binaryOutput) ?? "f0000000-")
    var output: [UInt8] = []
    for line in lines {
      guard let answer = server.handle(Array(line.utf8)) else { continue }
      output += answer + [10]
    }
    return output
  }

  /// The prefix of the first flow id in the output (`"flowId":"f0a1b2c3-1"`): "f", seven base-36
  /// digits and a hyphen.
  static func flowIdPrefix(in output: [UInt8]) -> String? {
    let text = String(decoding: output, as: UTF8.self)
    guard let range = text.firstRange(of: #/"flowId":"(f[0-9a-z]{7}-)/#) else { return nil }
    return text[range].wholeMatch(of: #/"flowId":"(f[0-9a-z]{7}-)/#).map { String($0.1) }
  }

  /// Whether a sent line gets an answer: anything but a notification (bad JSON does).
  static func isRequest(_ line: String) -> Bool {
    guard let value = try? JSONValue.parse(line) else { return true }
    if case .array(let items) = value {
      return items.isEmpty || items.contains { $0["id"] != nil || $0.objectValue == nil }
    }
    return value["id"] != nil || value.objectValue == nil
  }

  static func substitute(_ bindings: [String: JSONValue], in line: String) -> String {
    var result = line
    for (name, value) in bindings {
      result = result.replacing("\"{{\(name)}}\"", with: value.jsonText)
    }
    return result
  }

  /// Structural equality where an expected string `"{{name}}"` matches any value, binding
  /// it on first use and requiring the same value afterwards.
  struct Matcher {
    var bindings: [String: JSONValue]

    mutating func match(_ expected: JSONValue, _ actual: JSONValue) -> Bool {
      switch (expected, actual) {
      case (.string(let text), _) where text.hasPrefix("{{") && text.hasSuffix("}}"):
        let name = String(text.dropFirst(2).dropLast(2))
        if let bound = bindings[name] { return bound == actual }
        bindings[name] = actual
        return true
      case (.array(let left), .array(let right)):
        guard left.count == right.count else { return false }
        return zip(left, right).allSatisfy { match($0, $1) }
      case (.object(let left), .object(let right)):
        guard Set(left.names) == Set(right.names) else { return false }
        return left.names.allSatisfy { name in
          guard let leftValue = left[name], let rightValue = right[name] else { return false }
          return match(leftValue, rightValue)
        }
      default:
        return expected == actual
      }
    }
  }
}
