// Flow files read from disk, for check-flows, --flows and the flow source generator.
@_spi(Engine) import FlowFiles

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension FlowFileSet {
  /// Loads the files at these paths, reading each from disk.
  public static func load(files: [String]) -> Loaded {
    load(files: files, reading: contents(of:))
  }

  /// Every `*.json` file of a directory, in byte order of their names (dot files left out);
  /// nil with the reason when the directory cannot be read.
  public static func jsonFiles(in directory: String) -> Result<[String], DirectoryError> {
    guard let stream = opendir(directory) else {
      return .failure(DirectoryError(directory: directory, reason: reason(errno)))
    }
    defer { closedir(stream) }
    var names: [String] = []
    while let entry = readdir(stream) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      guard name.hasSuffix(".json"), !name.hasPrefix(".") else { continue }
      names.append(name)
    }
    let separator = directory.hasSuffix("/") ? "" : "/"
    return .success(
      names.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.map { directory + separator + $0 }
    )
  }

  public struct DirectoryError: Error, Sendable {
    public let directory: String
    public let reason: String
  }

  /// The file's bytes; a `file` problem when it cannot be read or is not a regular file, a
  /// `size` problem past the limit. Only a regular file is read: a FIFO would block the read
  /// until a writer came (and petflowd would hang at start-up), a device may never end. So the
  /// path is looked at before it is opened, and the descriptor again once it is (opened
  /// without blocking, in case a FIFO took the file's place between the two).
  private static func contents(of path: String) -> Result<[UInt8], FlowProblem> {
    func failure(_ message: String) -> Result<[UInt8], FlowProblem> {
      .failure(FlowProblem(file: path, pointer: .root, rule: .file, message: message))
    }
    func cannotRead() -> Result<[UInt8], FlowProblem> { failure("cannot read: \(reason(errno))") }
    var status = stat()
    guard stat(path, &status) == 0 else { return cannotRead() }
    if let problem = notRegular(status) { return failure(problem) }
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else { return cannotRead() }
    defer { close(descriptor) }
    guard fstat(descriptor, &status) == 0 else { return cannotRead() }
    if let problem = notRegular(status) { return failure(problem) }
    // O_NONBLOCK was for the open: a regular file's reads are plain ones again.
    _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
    let limit = FlowLimits.fileBytes
    guard Int(status.st_size) <= limit else {
      return .failure(FlowFile.tooLarge(path, size: Int(status.st_size)))
    }
    // Read to one byte past the limit, whatever the size said: a file in /proc says 0, and a
    // file may grow while it is read.
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while bytes.count <= limit {
      let wanted = min(chunk.count, limit + 1 - bytes.count)
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, wanted) }
      if count < 0, errno == EINTR { continue }
      guard count >= 0 else { return cannotRead() }
      guard count > 0 else { break }
      bytes += chunk.prefix(count)
    }
    guard bytes.count <= limit else { return .failure(FlowFile.tooLarge(path, size: nil)) }
    return .success(bytes)
  }

  /// The problem of a file that is not a regular one, naming what it is; nil for a regular
  /// file (a symbolic link is followed to what it names).
  private static func notRegular(_ status: stat) -> String? {
    let kind: String
    switch status.st_mode & S_IFMT {
    case S_IFREG: return nil
    case S_IFDIR: kind = "a directory"
    case S_IFIFO: kind = "a FIFO"
    case S_IFSOCK: kind = "a socket"
    case S_IFCHR: kind = "a character device"
    case S_IFBLK: kind = "a block device"
    default: kind = "another kind of file"
    }
    return "not a regular file (\(kind))"
  }

  private static func reason(_ code: Int32) -> String {
    strerror(code).map { String(cString: $0) } ?? "error \(code)"
  }
}
