import JSONRPC
import PetFlowHost
import PetFlowKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Serving one session on stdin/stdout: the process-level setup around the transport.
enum Daemon {
  static func serve(_ options: Options) -> Int32 {
    let log = Log(level: options.logLevel)
    guard let catalog = FlowCheck.catalog(loading: options.flowDirectories) else { return 2 }
    ProcessSignals.install()
    let protocolOutput = StdoutGuard.claimProtocolOutput()
    if isatty(0) == 1 {
      // A person at a terminal: tell them what this is waiting for.
      Log(level: .info).info(
        "waiting for JSON-RPC on stdin; try {\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"field/list\"} (Ctrl-D ends, --help for more)"
      )
    }
    let server = PetFlowServer(
      limits: options.limits, log: log, catalog: catalog, clock: LocalCalendar.clock)
    let transport = StdioTransport(options: options.transport, log: log)
    let ending = transport.run(server: server, output: protocolOutput)
    log.debug("session ended: \(ending)")
    return ending.exitStatus
  }
}
