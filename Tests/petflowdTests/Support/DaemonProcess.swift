import JSONRPC
import Testing

// Spawns the built petflowd and talks to it over pipes, as a client would.
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Serialises creating pipes and spawning, across the tests that run in parallel.
private let spawnLock = SpawnLock()

private final class SpawnLock: @unchecked Sendable {
  private var mutex = pthread_mutex_t()
  init() { pthread_mutex_init(&mutex, nil) }
  func lock() { pthread_mutex_lock(&mutex) }
  func unlock() { pthread_mutex_unlock(&mutex) }
}

/// A running petflowd with pipes on its stdin, stdout and stderr.
final class DaemonProcess {
  struct Outcome {
    var stdout: [UInt8]
    var stderr: [UInt8]
    /// The exit status, or 128 + signal for a process killed by a signal.
    var status: Int32
    var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
    var stderrText: String { String(decoding: stderr, as: UTF8.self) }
  }

  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  let pid: pid_t
  private(set) var stdinFD: Int32
  private(set) var stdoutFD: Int32
  let stderrFD: Int32
  private(set) var stdout: [UInt8] = []
  private(set) var stderr: [UInt8] = []
  private var stdoutOpen = true
  private var stdoutClosed = false
  private var stderrOpen = true
  private var exitStatus: Int32?

  /// The release binary under test: `PETFLOWD` if set, else the package's release build.
  static var binaryPath: String {
    if let path = getenv("PETFLOWD").map({ String(cString: $0) }), !path.isEmpty { return path }
    let testFile = #filePath
    var parts = testFile.split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(4)  // Tests/petflowdTests/Support/DaemonProcess.swift
    return parts.joined(separator: "/") + "/.build/release/petflowd"
  }

  convenience init(arguments: [String] = [], path: String = DaemonProcess.binaryPath) throws {
    try self.init(argumentBytes: arguments.map { Array($0.utf8) }, path: path)
  }

  /// Arguments as bytes, which need not be UTF-8 (as a shell passes whatever it is given).
  init(argumentBytes arguments: [[UInt8]], path: String = DaemonProcess.binaryPath) throws {
    guard access(path, X_OK) == 0 else {
      throw Failure(
        description:
          "no petflowd binary at \(path): build it first with scripts/build"
      )
    }
    spawnLock.lock()
    defer { spawnLock.unlock() }
    var pipes: [[Int32]] = []
    for _ in 0..<3 {
      var fds: [Int32] = [0, 0]
      guard pipe(&fds) == 0 else { throw Failure(description: "pipe failed") }
      // Close-on-exec: tests run in parallel, and a daemon spawned by another test must not
      // inherit this one's pipe ends (it would hold them open, so EOF would never arrive).
      // posix_spawn's dup2 onto 0, 1 and 2 clears the flag for the child's own three; the
      // lock around creating and spawning closes the window between pipe() and fcntl().
      for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
      pipes.append(fds)
    }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, pipes[0][0], 0)
    posix_spawn_file_actions_adddup2(&actions, pipes[1][1], 1)
    posix_spawn_file_actions_adddup2(&actions, pipes[2][1], 2)
    for fds in pipes {
      posix_spawn_file_actions_addclose(&actions, fds[0])
      posix_spawn_file_actions_addclose(&actions, fds[1])
    }
    let argv: [UnsafeMutablePointer<CChar>?] =
      ([Array(path.utf8)] + arguments).map { bytes -> UnsafeMutablePointer<CChar>? in
        let copy = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
        for (index, byte) in bytes.enumerated() { copy[index] = CChar(bitPattern: byte) }
        copy[bytes.count] = 0
        return copy
      } + [nil]
    defer { for argument in argv { argument?.deallocate() } }
    // Start the child as a shell would: no blocked signals, default dispositions.
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    var allSignals = sigset_t()
    sigfillset(&allSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    posix_spawnattr_setsigdefault(&attributes, &allSignals)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    var child: pid_t = 0
    let result = posix_spawn(&child, path, &actions, &attributes, argv, environ)
    guard result == 0 else { throw Failure(description: "posix_spawn failed: \(result)") }
    pid = child
    close(pipes[0][0])
    close(pipes[1][1])
    close(pipes[2][1])
    stdinFD = pipes[0][1]
    stdoutFD = pipes[1][0]
    stderrFD = pipes[2][0]
    Glibc.signal(SIGPIPE, SIG_IGN)
  }

  deinit {
    if exitStatus == nil {
      kill(pid, SIGKILL)
      var status: Int32 = 0
      waitpid(pid, &status, 0)
    }
    if stdinFD >= 0 { close(stdinFD) }
    if !stdoutClosed { close(stdoutFD) }
    close(stderrFD)
  }

  // MARK: - Talking

  /// Writes `bytes` to the daemon's stdin while draining its stdout and stderr, so neither
  /// side can block the other, however much is written.
  func send(_ bytes: [UInt8], timeout: Double = 30) throws {
    var offset = 0
    let deadline = Self.now() + timeout
    while offset < bytes.count {
      guard Self.now() < deadline else { throw Failure(description: "timed out writing") }
      var fds = [
        pollfd(fd: stdinFD, events: Int16(POLLOUT), revents: 0),
        pollfd(fd: stdoutFD, events: stdoutOpen ? Int16(POLLIN) : 0, revents: 0),
        pollfd(fd: stderrFD, events: stderrOpen ? Int16(POLLIN) : 0, revents: 0),
      ]
      _ = poll(&fds, 3, 100)
      drainReadable(fds)
      if fds[0].revents & Int16(POLLERR | POLLHUP) != 0 {
        throw Failure(description: "the daemon closed its stdin")
      }
      if fds[0].revents & Int16(POLLOUT) != 0 {
        let chunk = min(bytes.count - offset, 65536)
        let written = bytes.withUnsafeBytes {
          write(stdinFD, $0.baseAddress.map { $0 + offset }, chunk)
        }
        if written > 0 { offset += written }
      }
    }
  }

  func send(_ text: String, timeout: Double = 30) throws {
    try send(Array(text.utf8), timeout: timeout)
  }
  /// Writes to stdin without reading stdout, so answers pile up in the pipe and the daemon;
  /// stops early (without failing) once the daemon stops taking input.
  func sendWithoutReading(_ text: String, timeout: Double = 5) throws {
    let bytes = Array(text.utf8)
    var offset = 0
    let deadline = Self.now() + timeout
    while offset < bytes.count, Self.now() < deadline {
      var fds = [pollfd(fd: stdinFD, events: Int16(POLLOUT), revents: 0)]
      guard poll(&fds, 1, 100) > 0, fds[0].revents & Int16(POLLOUT) != 0 else { continue }
      let chunk = min(bytes.count - offset, 4096)
      let written = bytes.withUnsafeBytes {
        write(stdinFD, $0.baseAddress.map { $0 + offset }, chunk)
      }
      guard written > 0 else { return }
      offset += written
    }
  }

  /// Reads until `stdout` satisfies `done` (given everything read so far) or the time runs out.
  @discardableResult
  func read(until done: ([UInt8]) -> Bool, timeout: Double = 10) throws -> [UInt8] {
    let deadline = Self.now() + timeout
    while !done(stdout) {
      guard stdoutOpen else { throw Failure(description: "stdout ended; got: \(stdoutText)") }
      guard Self.now() < deadline else {
        throw Failure(description: "timed out waiting for output; got: \(stdoutText)")
      }
      var fds = [
        pollfd(fd: stdoutFD, events: Int16(POLLIN), revents: 0),
        pollfd(fd: stderrFD, events: stderrOpen ? Int16(POLLIN) : 0, revents: 0),
      ]
      _ = poll(&fds, 2, 100)
      drainReadable([pollfd(fd: -1, events: 0, revents: 0)] + fds)
    }
    return stdout
  }

  /// Reads until `count` newline-terminated lines have arrived; answers them parsed.
  func readLines(_ count: Int, timeout: Double = 10) throws -> [JSONValue] {
    try read(until: { $0.lazy.filter { $0 == 10 }.count >= count }, timeout: timeout)
    return try Self.ndjsonValues(stdout)
  }

  /// Sends NDJSON requests and answers the lines that come back for them.
  func exchange(_ lines: [String], expecting count: Int, timeout: Double = 10) throws -> [JSONValue]
  {
    let before = stdout.lazy.filter { $0 == 10 }.count
    try send(lines.map { $0 + "\n" }.joined())
    try read(until: { $0.lazy.filter { $0 == 10 }.count >= before + count }, timeout: timeout)
    return Array(try Self.ndjsonValues(stdout).dropFirst(before))
  }

  func closeStdin() {
    if stdinFD >= 0 {
      close(stdinFD)
      stdinFD = -1
    }
  }

  /// Closes stdin, reads everything, waits for the exit status.
  func finish(timeout: Double = 30) throws -> Outcome {
    closeStdin()
    return try waitForExit(timeout: timeout)
  }

  /// Waits for the process to end (reading its output meanwhile) without closing stdin.
  func waitForExit(timeout: Double = 30) throws -> Outcome {
    let deadline = Self.now() + timeout
    while stdoutOpen || stderrOpen || exitStatus == nil {
      guard Self.now() < deadline else {
        throw Failure(description: "timed out waiting for exit; stdout: \(stdoutText)")
      }
      readOutput(waitingAtMost: 20)
      reapIfExited()
    }
    return Outcome(stdout: stdout, stderr: stderr, status: exitStatus ?? -1)
  }

  func send(signal number: Int32) { kill(pid, number) }

  /// Waits for the process to end without reading its stdout, as a reader that reads nothing;
  /// answers the exit status and the seconds it took.
  func waitForExitWithoutReading(timeout: Double = 10) throws -> (status: Int32, seconds: Double) {
    let start = Self.now()
    while exitStatus == nil {
      guard Self.now() < start + timeout else {
        throw Failure(description: "still running after \(timeout) s")
      }
      usleep(10_000)
      reapIfExited()
    }
    return (exitStatus ?? -1, Self.now() - start)
  }

  /// Closes our end of the daemon's stdout, as a reader that goes away would.
  func closeStdout() {
    close(stdoutFD)
    stdoutOpen = false
    stdoutClosed = true
  }

  var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
  var stderrText: String { String(decoding: stderr, as: UTF8.self) }

  // MARK: - Watching the pipes and the process

  /// Bytes written to stdin that petflowd has not read yet: what its stdin pipe holds.
  var unreadInput: Int { stdinFD < 0 ? 0 : Self.bytesHeld(by: stdinFD) }

  /// Bytes petflowd has written to stdout that this side has not read yet.
  var unreadOutput: Int { stdoutOpen ? Self.bytesHeld(by: stdoutFD) : 0 }

  /// Whether petflowd's main thread is asleep in a system call (state `S` in /proc/PID/stat).
  /// With input waiting in its stdin pipe, that call is not waiting for input.
  var isAsleep: Bool {
    guard let file = fopen("/proc/\(pid)/stat", "r") else { return false }
    defer { fclose(file) }
    var buffer = [UInt8](repeating: 0, count: 512)
    let count = buffer.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
    // `PID (name) S ...`: the state follows the last `)`, the name may hold anything.
    guard let close = buffer[..<count].lastIndex(of: UInt8(ascii: ")")), close + 2 < count else {
      return false
    }
    return buffer[close + 2] == UInt8(ascii: "S")
  }

  /// Waits until petflowd has read everything written to its stdin, reading its output
  /// meanwhile; false when it exited (or closed its stdin) first.
  func waitUntilInputIsRead(timeout: Double = 10) throws -> Bool {
    let deadline = Self.now() + timeout
    while unreadInput > 0 {
      reapIfExited()
      if exitStatus != nil { return false }
      guard Self.now() < deadline else {
        throw Failure(description: "petflowd left \(unreadInput) bytes of input unread")
      }
      readOutput(waitingAtMost: 1)
    }
    return true
  }

  /// Writes `bytes` `size` bytes at a time, each chunk read by petflowd on its own before the
  /// next is written (so its reads see exactly these chunks, as the fuzz target's framer
  /// does), reading its output meanwhile. Stops when petflowd stops taking input (it exited).
  func sendInChunks(_ bytes: [UInt8], of size: Int, timeout: Double = 30) throws {
    var offset = 0
    while offset < bytes.count {
      let end = min(bytes.count, offset + max(1, size))
      // One write of at most PIPE_BUF bytes into an empty pipe: whole, at once.
      let written = bytes.withUnsafeBytes {
        write(stdinFD, $0.baseAddress.map { $0 + offset }, end - offset)
      }
      guard written == end - offset else {
        if written < 0, errno == EPIPE { return }
        throw Failure(description: "wrote \(written) of \(end - offset) bytes (errno \(errno))")
      }
      guard try waitUntilInputIsRead(timeout: timeout) else { return }
      offset = end
    }
  }

  private static func bytesHeld(by descriptor: Int32) -> Int {
    var count: Int32 = 0
    guard ioctl(descriptor, UInt(FIONREAD), &count) == 0 else { return 0 }
    return Int(count)
  }

  // MARK: - Internals

  /// Reads what stdout and stderr have, waiting at most that long for something to arrive.
  private func readOutput(waitingAtMost milliseconds: Int32) {
    var fds = [
      pollfd(fd: -1, events: 0, revents: 0),
      pollfd(fd: stdoutOpen ? stdoutFD : -1, events: Int16(POLLIN), revents: 0),
      pollfd(fd: stderrOpen ? stderrFD : -1, events: Int16(POLLIN), revents: 0),
    ]
    _ = poll(&fds, 3, milliseconds)
    drainReadable(fds)
  }

  private func drainReadable(_ fds: [pollfd]) {
    if fds.count > 1, fds[1].revents != 0 { stdoutOpen = readChunk(stdoutFD, into: &stdout) }
    if fds.count > 2, fds[2].revents != 0 { stderrOpen = readChunk(stderrFD, into: &stderr) }
  }

  /// Answers whether the descriptor is still open.
  private func readChunk(_ fd: Int32, into buffer: inout [UInt8]) -> Bool {
    var chunk = [UInt8](repeating: 0, count: 65536)
    let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
    if count > 0 {
      buffer.append(contentsOf: chunk[0..<count])
      return true
    }
    return count < 0 && (errno == EINTR || errno == EAGAIN)
  }

  private func reapIfExited() {
    guard exitStatus == nil else { return }
    var status: Int32 = 0
    guard waitpid(pid, &status, WNOHANG) == pid else { return }
    let signalNumber = status & 0x7F
    exitStatus = signalNumber == 0 ? (status >> 8) & 0xFF : 128 + signalNumber
  }

  private static func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }

  // MARK: - Parsing output

  static func ndjsonValues(_ bytes: [UInt8]) throws -> [JSONValue] {
    try bytes.split(separator: 10).map { try JSONReader.parse($0) }
  }

  /// Splits LSP-framed output into message bodies, checking every header.
  static func lspBodies(_ bytes: [UInt8]) throws -> [JSONValue] {
    var bodies: [JSONValue] = []
    var rest = bytes[...]
    let separator: [UInt8] = [13, 10, 13, 10]
    while !rest.isEmpty {
      guard let headerEnd = rest.firstRange(of: separator) else {
        throw Failure(
          description: "unterminated header in \(String(decoding: rest, as: UTF8.self))")
      }
      let header = String(decoding: rest[..<headerEnd.lowerBound], as: UTF8.self)
      guard header.hasPrefix("Content-Length: "), let length = Int(header.dropFirst(16)) else {
        throw Failure(description: "bad header \(header)")
      }
      let bodyStart = headerEnd.upperBound
      guard rest.distance(from: bodyStart, to: rest.endIndex) >= length else {
        throw Failure(description: "short body")
      }
      let bodyEnd = rest.index(bodyStart, offsetBy: length)
      bodies.append(try JSONReader.parse(rest[bodyStart..<bodyEnd]))
      rest = rest[bodyEnd...]
    }
    return bodies
  }

  static func lspFrame(_ body: String) -> String {
    "Content-Length: \(body.utf8.count)\r\n\r\n\(body)"
  }
}
