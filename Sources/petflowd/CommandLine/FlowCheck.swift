@_spi(Engine) import FlowFiles
import JSONRPC
@_spi(Engine) import PetFlowHost
import PetFlowKit

/// Flow files from the command line: `check-flows FILE...`, and `--flows DIR` at start-up.
enum FlowCheck {
  /// Prints each problem as `FILE:JSON-POINTER: rule: message` (a warning's rule after
  /// `warning: `); status 1 when there is an error (or, `--strict`, a warning), 0 otherwise
  /// (and nothing printed when every file is sound).
  static func run(_ command: Options.CheckFlowsCommand) -> Int32 {
    let loaded = FlowFileSet.load(files: command.files)
    StandardOutput.emit(loaded.problems.map { $0.line + "\n" }.joined())
    if loaded.hasErrors { return 1 }
    return command.strict && !loaded.problems.isEmpty ? 1 : 0
  }

  /// The catalog with every `*.json` of the directories loaded; nil, with the problems (the
  /// lines `check-flows` prints) on stderr, when a file is not sound or a directory unreadable.
  static func catalog(loading directories: [String]) -> FlowCatalog? {
    guard !directories.isEmpty else { return FlowCatalog() }
    let log = Log(level: .error)
    var files: [String] = []
    for directory in directories {
      switch FlowFileSet.jsonFiles(in: directory) {
      case .success(let found): files += found
      case .failure(let error):
        log.error("--flows \(error.directory): cannot read the directory: \(error.reason)")
        return nil
      }
    }
    let loaded = FlowFileSet.load(files: files)
    // Whole lines, not log lines, as check-flows prints them; warnings alone do not stop
    // start-up.
    var lines = loaded.problems.map { $0.line + "\n" }.joined()
    _ = lines.withUTF8 { writeAll($0, to: 2) }
    guard !loaded.hasErrors else {
      log.error("\(loaded.problems.count) problems in flow files (--flows); not starting")
      return nil
    }
    return FlowCatalog(files: loaded.definitions)
  }
}
