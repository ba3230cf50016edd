#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One-line diagnostics on stderr; stdout belongs to the protocol alone.
public struct Log: Sendable {
  public enum Level: Int, Comparable, Sendable, CaseIterable {
    case off, error, warning, info, debug

    public init?(name: String) {
      switch name {
      case "off": self = .off
      case "error": self = .error
      case "warning", "warn": self = .warning
      case "info": self = .info
      case "debug": self = .debug
      default: return nil
      }
    }

    public var name: String { String(describing: self) }

    public static func < (lhs: Level, rhs: Level) -> Bool { lhs.rawValue < rhs.rawValue }
  }

  public var level: Level

  public init(level: Level) { self.level = level }

  public func error(_ message: @autoclosure () -> String) { emit(.error, message) }
  public func warning(_ message: @autoclosure () -> String) { emit(.warning, message) }
  public func info(_ message: @autoclosure () -> String) { emit(.info, message) }
  public func debug(_ message: @autoclosure () -> String) { emit(.debug, message) }

  private func emit(_ messageLevel: Level, _ message: () -> String) {
    guard messageLevel <= level, level != .off else { return }
    var line = "petflowd: \(messageLevel.name): \(message())\n"
    line.withUTF8 { bytes in
      var offset = 0
      while offset < bytes.count {
        let written = write(2, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
        if written > 0 {
          offset += written
        } else if written < 0, errno == EINTR {
          continue
        } else {
          return  // stderr is gone: nothing sensible left to do with a diagnostic
        }
      }
    }
  }
}
