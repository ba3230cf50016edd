// Listing a directory's regular files, without Foundation.
#if canImport(Glibc)
  import Glibc
#endif

enum Directory {
  struct Missing: Error { let path: String }

  /// The paths of the regular files directly in `path`, sorted.
  static func files(in path: String) throws -> [String] {
    guard let directory = opendir(path) else { throw Missing(path: path) }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if entry.pointee.d_type == UInt8(DT_REG) { names.append(path + "/" + name) }
    }
    return names.sorted()
  }
}
