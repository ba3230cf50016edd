// How check-flows and --flows read a file, through the binary: only a regular file is read
// (a FIFO, a socket or a device is a `file` problem at once, never a read that waits), a
// UTF-8 byte-order mark at the start is skipped, and the size problem states the real size.
// Each run has a timeout, so a regression that blocks fails instead of hanging the suite.
import FlowFiles
import JSONRPC
import Testing

#if canImport(Glibc)
  import Glibc
#endif

@Suite struct FlowFileReadingTests {
  /// Seconds a run may take: every answer here is immediate.
  static let timeout = 10.0

  static func check(_ files: [String]) throws -> (lines: [String], status: Int32) {
    let outcome = try DaemonProcess(arguments: ["check-flows"] + files).finish(
      timeout: Self.timeout)
    return (outcome.stdoutText.split(separator: "\n").map(String.init), outcome.status)
  }

  static var sound: String {
    get throws { try TextFile.read(CheckFlowsTests.cases + "/sound.json") }
  }

  @Test func aFIFOWithoutAWriterIsAFileProblemAtOnce() throws {
    let scratch = try ScratchDirectory()
    let fifo = try scratch.makeFIFO("flow.json")
    let (lines, status) = try Self.check([fifo])
    #expect(lines == ["\(fifo):: file: not a regular file (a FIFO)"])
    #expect(status == 1)
  }

  @Test func aSocketAndADeviceAreFileProblemsAndTheFilesAfterThemAreStillChecked() throws {
    let scratch = try ScratchDirectory()
    let socket = try scratch.makeSocket("flow.json")
    let sound = try scratch.write("sound.json", try Self.sound)
    let (lines, status) = try Self.check([socket, "/dev/null", sound])
    #expect(
      lines == [
        "\(socket):: file: not a regular file (a socket)",
        "/dev/null:: file: not a regular file (a character device)",
      ])
    #expect(status == 1)
  }

  @Test func theDaemonRefusesAFIFOInItsFlowsDirectoryWithoutWaitingForAWriter() throws {
    let scratch = try ScratchDirectory()
    let fifo = try scratch.makeFIFO("flow.json")
    let outcome = try DaemonProcess(arguments: ["--flows", scratch.path]).finish(
      timeout: Self.timeout)
    #expect(outcome.status == 2)
    #expect(outcome.stdout.isEmpty)
    #expect(outcome.stderrText.hasPrefix("\(fifo):: file: not a regular file (a FIFO)\n"))
  }

  @Test func aByteOrderMarkAtTheStartIsSkippedAndTheFlowIsServed() throws {
    let scratch = try ScratchDirectory()
    let file = try scratch.write("caseFlow.json", "\u{FEFF}" + (try Self.sound))
    #expect(try Self.check([file]) == ([], 0))
    let client = try FlowClient(arguments: ["--flows", scratch.path])
    #expect(try client.state(try client.start("caseFlow")).stepId == "first")
  }

  @Test func afterAByteOrderMarkLinesAndColumnsCountFromTheJSON() throws {
    let scratch = try ScratchDirectory()
    // A second mark is no part of the JSON: refused where it stands, at column 1.
    let file = try scratch.write("flow.json", "\u{FEFF}\u{FEFF}{}")
    let (lines, _) = try Self.check([file])
    #expect(lines == ["\(file):: json: not JSON: unexpected character at line 1, column 1"])
  }

  @Test func aFileOverTheLimitIsASizeProblemStatingItsWholeSize() throws {
    let scratch = try ScratchDirectory()
    let size = 2 * FlowLimits.fileBytes
    let file = try scratch.write("flow.json", "[" + String(repeating: " ", count: size - 2) + "]")
    let (lines, status) = try Self.check([file])
    #expect(
      lines == [
        "\(file):: size: the file has \(size) bytes; the limit is \(FlowLimits.fileBytes)"
      ])
    #expect(status == 1)
  }

  /// /proc's files say they have 0 bytes; /proc/kallsyms holds megabytes of kernel symbols.
  @Test(.enabled(if: access("/proc/kallsyms", R_OK) == 0))
  func aFileLargerThanItsStatedSizeIsReadOnlyToTheLimitAndSaidToBeMore() throws {
    let (lines, status) = try Self.check(["/proc/kallsyms"])
    #expect(
      lines == [
        "/proc/kallsyms:: size: the file has more than \(FlowLimits.fileBytes) bytes, the limit"
      ])
    #expect(status == 1)
  }
}
