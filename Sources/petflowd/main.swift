// petflowd's entry point: parse the command line, then serve a session or run a one-shot command.
import JSONRPC
import PetFlowHost
import PetFlowKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// The arguments' own bytes: `CommandLine.arguments` puts U+FFFD in place of bytes that are not
// UTF-8, and a TEXT given so must be refused, never judged as other text.
let arguments = (1..<Int(CommandLine.argc)).map { index in
  CommandLine.unsafeArgv[index].flatMap { String(validatingCString: $0) }
}
let options: Options
do throws(Options.UsageError) {
  options = try Options.parse(arguments)
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
