// The built-in flows' files are their source of truth: each loads, checked, into exactly the
// definition compiled into PetFlowKit (scripts/generate-flows writes that source).
@_spi(Engine) import FlowFiles
@_spi(Engine) import PetFlowCore
@_spi(Engine) import PetFlowHost
import Testing

@Suite struct BuiltInFlowsTests {
  static let repository: String = {
    var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(3)  // Tests/FlowFilesTests/BuiltInFlowsTests.swift
    return parts.joined(separator: "/")
  }()

  @Test(arguments: FlowDefinition.all.map(\.id))
  func fileLoadsIntoTheCompiledDefinition(id: String) throws {
    let loaded = FlowFileSet.load(files: [Self.repository + "/flows/\(id).json"])
    #expect(loaded.problems.map(\.line) == [])
    let file = try #require(loaded.definitions.first)
    let compiled = try #require(FlowDefinition.all.first { $0.id == id })
    let fileLines = FlowDigest.canonicalText(of: file).split(separator: "\n")
    let compiledLines = FlowDigest.canonicalText(of: compiled).split(separator: "\n")
    // The first line that differs says what to regenerate (scripts/generate-flows).
    let difference = zip(fileLines, compiledLines).first { $0 != $1 }
    #expect(difference == nil, "flows/\(id).json differs; run scripts/generate-flows")
    #expect(fileLines.count == compiledLines.count)
    #expect(file.digest == compiled.digest)
  }

  @Test func everyBuiltInFlowHasItsFile() {
    let files = FlowFileSet.jsonFiles(in: Self.repository + "/flows")
    guard case .success(let paths) = files else {
      Issue.record("flows/ cannot be read")
      return
    }
    #expect(
      paths.map { String($0.split(separator: "/").last ?? "") }.sorted()
        == FlowDefinition.all.map { $0.id + ".json" }.sorted())
  }
}
