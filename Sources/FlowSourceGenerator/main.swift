// Writes the built-in flows' Swift source from their files: scripts/generate-flows runs it.
@_spi(Engine) import FlowFiles
@_spi(Engine) import PetFlowHost

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

func printError(_ line: String) {
  var text = line + "\n"
  text.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
}

let files = Array(CommandLine.arguments.dropFirst())
guard !files.isEmpty else {
  printError("usage: FlowSourceGenerator FILE... > Sources/PetFlowCore/Flows/BuiltInFlows.swift")
  exit(2)
}
let loaded = FlowFileSet.load(files: files)
guard loaded.problems.isEmpty else {
  for problem in loaded.problems { printError(problem.line) }
  exit(1)
}
print(FlowSwiftSource.builtInFlows(loaded.definitions, from: files), terminator: "")
