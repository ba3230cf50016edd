// Executes README.md's shell sessions against the binary, as ProtocolExamplesTests does for
// protocol.md, so what a newcomer pastes answers what the README shows. (The one-shot lines
// with their answer in a comment are OneShotEndToEndTests'.)
import Testing

@Suite struct ReadmeExamplesTests {
  /// A ```sh block followed directly by a plain ``` block: the commands, and what they print.
  struct Session: CustomTestStringConvertible, Sendable {
    var line: Int
    var script: String
    var expected: [String]
    var testDescription: String { "README.md line \(line)" }
  }

  static let repository: String = {
    var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(3)  // Tests/petflowdTests/ReadmeExamplesTests.swift
    return parts.joined(separator: "/")
  }()

  static func readmeLines() -> [Substring] {
    guard let text = try? TextFile.read(repository + "/README.md") else { return [] }
    return text.split(separator: "\n", omittingEmptySubsequences: false)
  }

  /// Every session: a ```sh block that runs `.build/release/petflowd`, then (blank lines
  /// between allowed) a ``` block without a language, its expected output.
  static func sessions() -> [Session] {
    let lines = readmeLines()
    var sessions: [Session] = []
    var index = 0
    while index < lines.count {
      guard lines[index] == "```sh", let end = closingFence(in: lines, after: index) else {
        index += 1
        continue
      }
      let script = lines[(index + 1)..<end].joined(separator: "\n")
      var next = end + 1
      while next < lines.count, lines[next].isEmpty { next += 1 }
      if next < lines.count, lines[next] == "```", script.contains(".build/release/petflowd"),
        let outputEnd = closingFence(in: lines, after: next)
      {
        let expected = lines[(next + 1)..<outputEnd].map(String.init)
        sessions.append(Session(line: index + 1, script: script, expected: expected))
        index = outputEnd + 1
      } else {
        index = end + 1
      }
    }
    return sessions
  }

  static func closingFence(in lines: [Substring], after opening: Int) -> Int? {
    lines[(opening + 1)...].firstIndex { $0 == "```" }
  }

  /// Runs `script` with /bin/sh from the repository's root, `.build/release/petflowd` being the
  /// binary under test: (stdout lines, stderr, exit status).
  static func run(_ script: String) throws -> (lines: [String], stderr: String, status: Int32) {
    let binary = "'" + DaemonProcess.binaryPath.replacing("'", with: #"'\''"#) + "'"
    let root = "'" + repository.replacing("'", with: #"'\''"#) + "'"
    let program =
      "cd \(root) || exit 99\n" + script.replacing(".build/release/petflowd", with: binary)
    let shell = try DaemonProcess(arguments: ["-c", program], path: "/bin/sh")
    let outcome = try shell.finish()
    var lines = outcome.stdoutText.split(separator: "\n", omittingEmptySubsequences: false)
    if lines.last == "" { lines.removeLast() }
    return (lines.map(String.init), outcome.stderrText, outcome.status)
  }

  /// Whether `actual` is `expected` where each `…` in `expected` stands for any text.
  static func matches(_ expected: String, _ actual: String) -> Bool {
    let pieces = expected.split(separator: "…", omittingEmptySubsequences: false)
    guard let first = pieces.first, let last = pieces.last else { return actual.isEmpty }
    if pieces.count == 1 { return actual == expected }
    guard actual.hasPrefix(first), actual.dropFirst(first.count).hasSuffix(last) else {
      return false
    }
    var rest = actual.dropFirst(first.count).dropLast(last.count)
    for piece in pieces.dropFirst().dropLast() {
      guard let found = rest.firstRange(of: piece) else { return false }
      rest = rest[found.upperBound...]
    }
    return true
  }

  @Test func theReadmeHasShellSessions() {
    #expect(Self.sessions().count >= 3)
  }

  @Test func anEllipsisStandsForAnyTextAndNothingElseDoes() {
    #expect(Self.matches(#"{"a":"…","b":{…},…}"#, #"{"a":"x","b":{"c":1},"d":2}"#))
    #expect(Self.matches("a…b…c", "abc"))
    #expect(!Self.matches("a…b…c", "acb"))
    #expect(!Self.matches(#"{"value":1}"#, #"{"value":1,"error":null}"#))
    #expect(!Self.matches("ab…ba", "aba"))
  }

  @Test(arguments: sessions())
  func sessionPrintsWhatTheReadmeShows(_ session: Session) throws {
    let (lines, _, status) = try Self.run(session.script)
    #expect(status == 0, "README.md line \(session.line): exit status")
    #expect(
      lines.count == session.expected.count,
      "README.md line \(session.line): \(lines.count) lines printed:\n\(lines.joined(separator: "\n"))"
    )
    for (expected, actual) in zip(session.expected, lines) {
      #expect(
        Self.matches(expected, actual),
        "README.md line \(session.line):\nexpected \(expected)\n     got \(actual)")
    }
  }

  @Test func theReadmeCheckFlowsCommandIsSilentAboutTheShippedFlows() throws {
    let command = try #require(
      Self.readmeLines().first { $0.hasPrefix(".build/release/petflowd check-flows ") })
    let (lines, stderr, status) = try Self.run(String(command))
    #expect(lines.isEmpty, "\(lines)")
    #expect(stderr.isEmpty, "\(stderr)")
    #expect(status == 0)
  }
}
