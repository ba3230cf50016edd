@_spi(Engine) import PetFlowCore

/// A set of flow files loaded together: the files `check-flows` is given, every `*.json` of
/// the directory `--flows` names, or an app's files' bytes. A flow id in two files is a problem
/// of the second. Reading a file is the host's (petflowd reads the disk, an app passes the
/// bytes it ships), so the library does no I/O.
@_spi(Engine) public enum FlowFileSet {
  /// What the files hold together: their sound flows and every file's problems.
  public struct Loaded: Sendable {
    /// The sound flows, in the order of their files.
    public let definitions: [FlowDefinition]
    /// Every file's problems, file by file, each file's in order: errors and warnings.
    public let problems: [FlowProblem]

    /// Whether a file has an error (a warning never keeps a file from loading).
    public var hasErrors: Bool { problems.contains { $0.severity == .error } }
  }

  /// Loads `files` by name, each read by `reading` when its turn comes (one file's bytes held
  /// at a time); a file that cannot be read is its `reading`'s problem.
  public static func load(
    files: [String], reading: (String) -> Result<[UInt8], FlowProblem>
  ) -> Loaded {
    var definitions: [FlowDefinition] = []
    var problems: [FlowProblem] = []
    var fileOfFlow: [String: (id: String, file: String)] = [:]
    for path in files {
      let loaded: FlowFile.Loaded
      switch reading(path) {
      case .success(let bytes): loaded = FlowFile.load(bytes, file: path)
      case .failure(let problem):
        problems.append(problem)
        continue
      }
      problems += loaded.problems
      guard let definition = loaded.definition else { continue }
      // Ids differing only in case are one id, as within a file.
      if let first = fileOfFlow[definition.id.lowercased()] {
        let note = first.id == definition.id ? "" : " ('\(first.id)', differing only in case)"
        problems.append(
          FlowProblem(
            file: path, pointer: loaded.idPointer, rule: .duplicateFlow,
            message: "flow id '\(definition.id)' is also the id of \(first.file)\(note)"))
        continue
      }
      fileOfFlow[definition.id.lowercased()] = (definition.id, path)
      definitions.append(definition)
    }
    return Loaded(definitions: definitions, problems: problems)
  }
}

extension FlowProblem: Error {}
