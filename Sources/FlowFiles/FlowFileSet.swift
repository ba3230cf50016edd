import PetFlowKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reading flow files from disk: the files `check-flows` is given, or every `*.json` of the
/// directory `--flows` names. A flow id in two files is a problem of the second.
public enum FlowFileSet {
  public struct Loaded: Sendable {
    /// The sound flows, in the order of their files.
    public let definitions: [FlowDefinition]
    /// Every file's problems, file by file, each file's in order.
    public let problems: [FlowProblem]
  }

  public static func load(files: [String]) -> Loaded {
    var definitions: [FlowDefinition] = []
    var problems: [FlowProblem] = []
    var fileOfFlow: [String: String] = [:]
    for path in files {
      let loaded: FlowFile.Loaded
      switch contents(of: path) {
      case .success(let bytes): loaded = FlowFile.load(bytes, file: path)
      case .failure(let problem):
        problems.append(problem)
        continue
      }
      problems += loaded.problems
      guard let definition = loaded.definition else { continue }
      if let first = fileOfFlow[definition.id] {
        problems.append(
          FlowProblem(
            file: path, pointer: loaded.idPointer, rule: .duplicateFlow,
            message: "flow id '\(definition.id)' is also the id of \(first)"))
        continue
      }
      fileOfFlow[definition.id] = path
      definitions.append(definition)
    }
    return Loaded(definitions: definitions, problems: problems)
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

  /// The file's bytes, at most one past the limit (a larger file is a `size` problem anyway).
  private static func contents(of path: String) -> Result<[UInt8], FlowProblem> {
    func failure(_ code: Int32) -> Result<[UInt8], FlowProblem> {
      .failure(
        FlowProblem(
          file: path, pointer: .root, rule: .file, message: "cannot read: \(reason(code))"))
    }
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return failure(errno) }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while bytes.count <= FlowLimits.fileBytes {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count >= 0 else { return failure(errno) }
      guard count > 0 else { break }
      bytes += chunk.prefix(count)
    }
    return .success(bytes)
  }

  private static func reason(_ code: Int32) -> String {
    strerror(code).map { String(cString: $0) } ?? "error \(code)"
  }
}

extension FlowProblem: Error {}
