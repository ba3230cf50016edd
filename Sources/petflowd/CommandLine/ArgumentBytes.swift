// The process's arguments as their bytes were, read outside main.swift's top-level code.

/// The command line's arguments after the program's name, each a `String` when its bytes are
/// UTF-8 and nil when not: `CommandLine.arguments` puts U+FFFD in place of such bytes, and a
/// TEXT given so must be refused, never judged as other text.
///
/// A function of a type rather than a closure in main.swift: top-level code is isolated to the
/// main actor, so a closure written there (this one went to `map`) is checked to run on it, and
/// that one check links the Swift concurrency runtime and libdispatch into the binary and runs
/// their initialisers at start-up: 1.2 MB, 0.5 MiB resident and about a tenth of a millisecond
/// more before the first answer (BENCHMARKS.md, "The start-up regression").
enum ArgumentBytes {
  static func afterProgramName() -> [String?] {
    var arguments: [String?] = []
    let count = Int(CommandLine.argc)
    guard count > 1 else { return arguments }
    arguments.reserveCapacity(count - 1)
    for index in 1..<count {
      arguments.append(CommandLine.unsafeArgv[index].flatMap { String(validatingCString: $0) })
    }
    return arguments
  }
}
