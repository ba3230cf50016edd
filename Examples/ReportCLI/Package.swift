// swift-tools-version:6.0
// ReportCLI: a consumer of PetFlowKit as an app is one, depending on the checkout by path and
// on the library product only. scripts/test.d/example-package.sh builds and runs it and compares
// its output with expected-output.txt, so the typed API it uses keeps working for an app.
import PackageDescription

let package = Package(
  name: "ReportCLI",
  platforms: [.macOS(.v13)],
  dependencies: [.package(name: "petflowd", path: "../..")],
  targets: [
    .executableTarget(
      name: "ReportCLI", dependencies: [.product(name: "PetFlowKit", package: "petflowd")])
  ]
)
