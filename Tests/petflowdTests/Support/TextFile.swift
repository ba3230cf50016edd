// Reading a whole file, as text or as its bytes, without Foundation.
#if canImport(Glibc)
  import Glibc
#endif

enum TextFile {
  struct Missing: Error { let path: String }

  static func read(_ path: String) throws -> String {
    String(decoding: try bytes(path), as: UTF8.self)
  }

  /// The file's bytes exactly: no decoding, so a byte that is not UTF-8 stays itself.
  static func bytes(_ path: String) throws -> [UInt8] {
    guard let file = fopen(path, "rb") else { throw Missing(path: path) }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
      if count == 0 { break }
      bytes.append(contentsOf: chunk[0..<count])
    }
    return bytes
  }
}
