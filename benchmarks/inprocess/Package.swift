// swift-tools-version:6.0
// petflow-bench: the budget's keystrokes run in process, through PetFlowKit as an app links it
// (the library product by path, public API only), for benchmarks/inprocess.py to count under
// callgrind: the typed `FieldKind.change` and `PetFlowServer.handle`.
import PackageDescription

let package = Package(
  name: "PetFlowBench",
  platforms: [.macOS(.v13)],
  dependencies: [.package(name: "petflowd", path: "../..")],
  targets: [
    .executableTarget(
      name: "petflow-bench", dependencies: [.product(name: "PetFlowKit", package: "petflowd")])
  ]
)
