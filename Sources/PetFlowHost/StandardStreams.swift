// The process's own standard streams outside the protocol: stderr for the log, stdout for
// what is not a session (help, version, one-shot results).
import JSONRPC

extension Log {
  /// A log on stderr at `level`.
  public init(level: Level) {
    self.init(level: level) { line in
      var line = line
      // When stderr is gone there is nothing sensible left to do with a diagnostic.
      _ = line.withUTF8 { writeAll($0, to: 2) }
    }
  }
}

/// Writing to the real stdout outside a session (help, version, one-shot results).
public enum StandardOutput {
  public static func emit(_ text: String) {
    var text = text
    _ = text.withUTF8 { writeAll($0, to: 1) }
  }
}
