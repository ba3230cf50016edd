// A directory of its own for a test's files (flow files for --flows), removed afterwards.
#if canImport(Glibc)
  import Glibc
#endif

final class ScratchDirectory {
  struct Failure: Error { let what: String }

  let path: String
  private var files: [String] = []

  init() throws {
    var template = Array("/tmp/petflowd-test-XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else { throw Failure(what: "mkdtemp") }
    path = String(cString: made)
  }

  /// Writes `text` to `name` in the directory and answers its path.
  @discardableResult
  func write(_ name: String, _ text: String) throws -> String {
    let file = path + "/" + name
    guard let handle = fopen(file, "wb") else { throw Failure(what: "fopen \(file)") }
    defer { fclose(handle) }
    var bytes = Array(text.utf8)
    guard fwrite(&bytes, 1, bytes.count, handle) == bytes.count else {
      throw Failure(what: "fwrite \(file)")
    }
    files.append(file)
    return file
  }

  deinit {
    for file in files { unlink(file) }
    rmdir(path)
  }
}
