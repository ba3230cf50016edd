import FlowFiles
import JSONRPC
import PetFlowHost
import PetFlowKit

/// Flow files from the command line: `check-flows FILE...`, and `--flows DIR` at start-up.
enum FlowCheck {
  /// Prints each problem as `FILE:JSON-POINTER: rule: message` (a warning's with `warning: `
  /// before the rule); status 1 when there are any but warnings, 0 when every file is sound.
  static func run(_ files: [String]) -> Int32 {
    let problems = FlowFileSet.load(files: files).problems
    StandardOutput.emit(problems.map { $0.line + "\n" }.joined())
    return problems.contains { !$0.isWarning } ? 1 : 0
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
    guard !loaded.problems.contains(where: { !$0.isWarning }) else {
      var lines = loaded.problems.map { $0.line + "\n" }.joined()
      _ = lines.withUTF8 { writeAll($0, to: 2) }  // whole lines, not log lines
      log.error("\(loaded.problems.count) problems in flow files (--flows); not starting")
      return nil
    }
    return FlowCatalog(files: loaded.definitions)
  }
}
