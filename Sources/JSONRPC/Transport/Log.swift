/// One-line diagnostics on stderr; stdout belongs to the protocol alone.
public struct Log: Sendable {
  /// From the least said to the most: a log says what is at its level or below.
  public enum Level: Int, Sendable {
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
  }

  public var level: Level

  public init(level: Level) { self.level = level }

  public func error(_ message: @autoclosure () -> String) { emit(.error, message) }
  public func warning(_ message: @autoclosure () -> String) { emit(.warning, message) }
  public func info(_ message: @autoclosure () -> String) { emit(.info, message) }
  public func debug(_ message: @autoclosure () -> String) { emit(.debug, message) }

  private func emit(_ messageLevel: Level, _ message: () -> String) {
    guard messageLevel.rawValue <= level.rawValue else { return }
    var line = "petflowd: \(messageLevel): \(message())\n"
    // When stderr is gone there is nothing sensible left to do with a diagnostic.
    _ = line.withUTF8 { writeAll($0, to: 2) }
  }
}
