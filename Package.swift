// swift-tools-version:6.0
// petflowd: a headless form engine for the PetSpot report flows, spoken over JSON-RPC on stdio.
import PackageDescription

let package = Package(
  name: "petflowd",
  products: [
    .executable(name: "petflowd", targets: ["petflowd"])
  ],
  targets: [
    // Bytes <-> messages: JSON, framing, JSON-RPC 2.0, the stdio transport. Knows nothing of pets.
    .target(name: "JSONRPC"),
    // The pure logic: text offsets, field kinds, caret model, validation, flows. No I/O, no JSON.
    .target(name: "PetFlowKit"),
    // Flow files: reading them (with JSONRPC's JSON reader) into PetFlowKit definitions, and
    // checking them: form, references, and the proof over every path.
    .target(name: "FlowFiles", dependencies: ["JSONRPC", "PetFlowKit"]),
    // Writes the built-in flows' files as Swift source into PetFlowKit (scripts/generate-flows).
    .executableTarget(name: "FlowSourceGenerator", dependencies: ["FlowFiles"]),
    // Prints PetFlowKit's kinds, languages and error codes with their messages as JSON: the
    // declarations' side of scripts/generate-lists, which writes every list outside them.
    .executableTarget(name: "VocabularyPrinter", dependencies: ["JSONRPC", "PetFlowKit"]),
    // The executable: command line, method table, lifecycle, limits.
    .executableTarget(name: "petflowd", dependencies: ["JSONRPC", "PetFlowKit", "FlowFiles"]),
    // What more than one test target uses: the seeded generator and the seed's tables, stated
    // once in plain strings so that PetFlowKit's tests and the end-to-end tests judge the same rows.
    // No dependencies, so neither side's types leak into the data; petflowd never links it.
    .target(name: "TestSupport", path: "Tests/TestSupport"),
    .testTarget(name: "JSONRPCTests", dependencies: ["JSONRPC", "TestSupport"]),
    // JSONRPC only to spell numbers as JSON text (`.number("1e2")`), as a client sends them.
    .testTarget(name: "PetFlowKitTests", dependencies: ["PetFlowKit", "JSONRPC", "TestSupport"]),
    // Flow files read and checked in process: the built-in files against the compiled flows.
    .testTarget(name: "FlowFilesTests", dependencies: ["FlowFiles", "PetFlowKit"]),
    // End-to-end: spawns the built release binary and talks to it as a client would.
    // FlowFiles for the list of its rules, each with a failing file; PetFlowKit for the list of
    // built-in flows (`FlowDefinition.all`), so that adding one changes no test's list.
    .testTarget(
      name: "petflowdTests", dependencies: ["JSONRPC", "TestSupport", "FlowFiles", "PetFlowKit"]),
  ]
)
