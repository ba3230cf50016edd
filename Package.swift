// swift-tools-version:6.0
// petflowd: a headless form engine for the PetSpot report flows, spoken over JSON-RPC on stdio,
// and PetFlowKit, the same engine as a library an app links (an iOS app cannot spawn a process).
import PackageDescription

let package = Package(
  name: "petflowd",
  // What the library needs: typed throws and `~Copyable` run there; the stdio transport's
  // `Atomic` (iOS 18, macOS 15) stays in PetFlowHost, which only the executable links.
  platforms: [.iOS(.v16), .macOS(.v13)],
  products: [
    // `import PetFlowKit`: field kinds, flows (built-in and from file bytes, the checker),
    // sessions and the JSON-RPC handler `PetFlowServer`, in process. Its targets import no
    // Glibc, Darwin or Synchronization (LibraryPurityTests), so it builds for iOS and, later,
    // WebAssembly: whatever it needs of the system (today's date, a log, random bytes) is
    // given to it by the host.
    .library(name: "PetFlowKit", targets: ["PetFlowKit"]),
    .executable(name: "petflowd", targets: ["petflowd"]),
  ],
  targets: [
    // Bytes <-> messages: JSON, framing, JSON-RPC 2.0 dispatch. Knows nothing of pets; no I/O.
    .target(name: "JSONRPC"),
    // The pure logic: text offsets, field kinds, caret model, validation, flows. No I/O, no JSON.
    // Named PetFlowCore so that `import PetFlowKit` is the product's module.
    .target(name: "PetFlowCore"),
    // Flow files: reading their bytes (with JSONRPC's JSON reader) into PetFlowCore definitions,
    // and checking them: form, references, and the proof over every path.
    .target(name: "FlowFiles", dependencies: ["JSONRPC", "PetFlowCore"]),
    // The product's module: one session (settings, the flow store, the catalog, limits,
    // snapshots) and the method table, behind `PetFlowServer`; re-exports PetFlowCore and
    // FlowFiles, so an app writes one import.
    .target(name: "PetFlowKit", dependencies: ["JSONRPC", "PetFlowCore", "FlowFiles"]),
    // What a process gives the library: the stdio transport (poll, signals, atomics), stderr,
    // the local calendar, flow files read from disk. Only the executables link it.
    .target(name: "PetFlowHost", dependencies: ["JSONRPC", "PetFlowKit"]),
    // Writes the built-in flows' files as Swift source into PetFlowCore (scripts/generate-flows).
    .executableTarget(name: "FlowSourceGenerator", dependencies: ["FlowFiles", "PetFlowHost"]),
    // Prints PetFlowCore's kinds, languages and error codes with their messages as JSON: the
    // declarations' side of scripts/generate-lists, which writes every list outside them.
    .executableTarget(name: "VocabularyPrinter", dependencies: ["JSONRPC", "PetFlowCore"]),
    // The executable, PetFlowKit's stdio adapter: command line, transport, exit statuses.
    .executableTarget(
      name: "petflowd", dependencies: ["JSONRPC", "PetFlowKit", "FlowFiles", "PetFlowHost"]),
    // What more than one test target uses: the seeded generator and the seed's tables, stated
    // once in plain strings so that PetFlowCore's tests and the end-to-end tests judge the same
    // rows. No dependencies, so neither side's types leak into the data; petflowd never links it.
    .target(name: "TestSupport", path: "Tests/TestSupport"),
    .testTarget(name: "JSONRPCTests", dependencies: ["JSONRPC", "PetFlowHost", "TestSupport"]),
    // JSONRPC only to spell numbers as JSON text (`.number("1e2")`), as a client sends them.
    .testTarget(
      name: "PetFlowCoreTests", dependencies: ["PetFlowCore", "JSONRPC", "TestSupport"]),
    // The library as an app sees it: `import PetFlowKit` and nothing `@testable` (TestSupport only
    // for the seeds' tables, in plain strings).
    .testTarget(name: "PetFlowKitAPITests", dependencies: ["PetFlowKit", "TestSupport"]),
    // Flow files read and checked in process: the built-in files against the compiled flows.
    .testTarget(name: "FlowFilesTests", dependencies: ["FlowFiles", "PetFlowCore", "PetFlowHost"]),
    // End-to-end: spawns the built release binary and talks to it as a client would; and the
    // same protocol examples through `PetFlowServer.handle` in process.
    // FlowFiles for the list of its rules, each with a failing file; PetFlowCore for the list of
    // built-in flows (`FlowDefinition.all`), so that adding one changes no test's list.
    .testTarget(
      name: "petflowdTests",
      dependencies: [
        "JSONRPC", "TestSupport", "FlowFiles", "PetFlowCore", "PetFlowKit", "PetFlowHost",
      ]),
  ]
)
