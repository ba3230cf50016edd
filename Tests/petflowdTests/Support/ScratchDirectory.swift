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

  /// Makes a FIFO (a named pipe) at `name`, with no writer, and answers its path.
  func makeFIFO(_ name: String) throws -> String {
    let file = path + "/" + name
    guard mkfifo(file, 0o600) == 0 else { throw Failure(what: "mkfifo \(file)") }
    files.append(file)
    return file
  }

  /// Binds a Unix-domain socket at `name` and answers its path (the socket is closed at once;
  /// the name stays, a socket file).
  func makeSocket(_ name: String) throws -> String {
    let file = path + "/" + name
    let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { throw Failure(what: "socket") }
    defer { close(descriptor) }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(file.utf8)
    guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
      throw Failure(what: "a socket path too long: \(file)")
    }
    withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    guard bound == 0 else { throw Failure(what: "bind \(file)") }
    files.append(file)
    return file
  }

  deinit {
    for file in files { unlink(file) }
    rmdir(path)
  }
}
