// petflowd's entry point: parse the command line, then serve a session or run a one-shot command.
import JSONRPC
import PetFlowHost
import PetFlowKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// No closures in this top-level code: it is isolated to the main actor, and a closure here is
// checked to run on it, which links the concurrency runtime (see ArgumentBytes).
let options: Options
do throws(Options.UsageError) {
  options = try Options.parse(ArgumentBytes.afterProgramName())
} catch {
  Log(level: .error).error("\(error.message) (try --help)")
  exit(2)
}

switch options.command {
case .help:
  StandardOutput.emit(HelpText.usage + "\n")
  exit(0)
case .version:
  StandardOutput.emit("petflowd \(HelpText.version)\n")
  exit(0)
case .oneShot(let command):
  exit(OneShot.run(command, limits: options.limits))
case .checkFlows(let command):
  exit(command.paths ? FlowPathsCommand.run(command) : FlowCheck.run(command))
case .serve:
  exit(Daemon.serve(options))
}
