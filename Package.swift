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
    // The executable: command line, method table, lifecycle, limits.
    .executableTarget(name: "petflowd", dependencies: ["JSONRPC", "PetFlowKit"]),
    // What more than one test target uses: the seeded generator and the seed's tables, stated
    // once in plain strings so that PetFlowKit's tests and the end-to-end tests judge the same rows.
    // No dependencies, so neither side's types leak into the data; petflowd never links it.
    .target(name: "TestSupport", path: "Tests/TestSupport"),
    .testTarget(name: "JSONRPCTests", dependencies: ["JSONRPC", "TestSupport"]),
    // JSONRPC only to spell numbers as JSON text (`.number("1e2")`), as a client sends them.
    .testTarget(name: "PetFlowKitTests", dependencies: ["PetFlowKit", "JSONRPC", "TestSupport"]),
    // End-to-end: spawns the built release binary and talks to it as a client would.
    .testTarget(name: "petflowdTests", dependencies: ["JSONRPC", "TestSupport"]),
  ]
)
