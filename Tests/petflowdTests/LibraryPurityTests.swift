// PetFlowKit's targets import only each other: no C library, no Synchronization, no Foundation,
// so the library builds for iOS 16 and WebAssembly (scripts/build-wasm), and petflowd's system
// calls stay in PetFlowHost, which only the executables link.
import Testing

#if canImport(Glibc)
  import Glibc
#endif

@Suite struct LibraryPurityTests {
  /// The product's targets by directory (Package.swift).
  static let libraryDirectories = [
    "Sources/JSONRPC", "Sources/PetFlowCore", "Sources/FlowFiles", "Sources/PetFlowKit",
  ]
  /// The modules those directories hold: all a library file may import.
  static let libraryModules: Set = ["JSONRPC", "PetFlowCore", "FlowFiles"]

  static let repository: String = {
    var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(3)  // Tests/petflowdTests/LibraryPurityTests.swift
    return parts.joined(separator: "/")
  }()

  /// Every `.swift` file under `directory`, walked without Foundation.
  static func swiftFiles(under directory: String) -> [String] {
    guard let stream = opendir(directory) else { return [] }
    defer { closedir(stream) }
    var files: [String] = []
    while let entry = readdir(stream) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      guard !name.hasPrefix(".") else { continue }
      let path = directory + "/" + name
      if entry.pointee.d_type == UInt8(DT_DIR) {
        files += swiftFiles(under: path)
      } else if name.hasSuffix(".swift") {
        files.append(path)
      }
    }
    return files
  }

  /// The modules a file imports: each `import` line's last word (`@_exported import X`, and
  /// `import X` inside `#if canImport(X)` too, which is what this test is for).
  static func imports(of path: String) throws -> [String] {
    try TextFile.read(path).split(separator: "\n").compactMap { line in
      let words = line.split(separator: " ")
      guard let index = words.firstIndex(of: "import"), index + 1 < words.count,
        words[..<index].allSatisfy({ $0.hasPrefix("@") })
      else { return nil }
      return String(words[index + 1])
    }
  }

  @Test func libraryTargetsHaveSources() {
    for directory in Self.libraryDirectories {
      #expect(!Self.swiftFiles(under: Self.repository + "/" + directory).isEmpty, "\(directory)")
    }
  }

  @Test func libraryImportsOnlyItsOwnModules() throws {
    for directory in Self.libraryDirectories {
      for file in Self.swiftFiles(under: Self.repository + "/" + directory) {
        for module in try Self.imports(of: file) {
          #expect(
            Self.libraryModules.contains(module),
            "\(file.dropFirst(Self.repository.count + 1)) imports \(module)")
        }
      }
    }
  }

  /// The WebAssembly module's own sources (scripts/build-wasm) import the library and nothing
  /// else: Embedded Swift for wasm32 has no C library, Foundation or Synchronization.
  @Test func webAssemblyModuleImportsOnlyTheLibrary() throws {
    let files = Self.swiftFiles(under: Self.repository + "/Sources/PetFlowWasm")
    #expect(!files.isEmpty)
    for file in files {
      for module in try Self.imports(of: file) {
        #expect(
          Self.libraryModules.union(["PetFlowKit"]).contains(module),
          "\(file.dropFirst(Self.repository.count + 1)) imports \(module)")
      }
    }
  }

  /// The test can fail: it finds the imports the transport has.
  @Test func importsAreFoundInsideConditionalBlocks() throws {
    let transport = Self.repository + "/Sources/PetFlowHost/Transport/StdioTransport.swift"
    #expect(try Self.imports(of: transport).contains("Glibc"))
  }
}
