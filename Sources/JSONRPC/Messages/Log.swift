/// One-line diagnostics, written where the host says: petflowd's stderr (stdout belongs to
/// the protocol alone), an app's own logger, or nowhere.
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

    /// The level as a log line names it. Spelled out: Embedded Swift (the WebAssembly module)
    /// cannot print an enum's case by reflection.
    public var name: String {
      switch self {
      case .off: "off"
      case .error: "error"
      case .warning: "warning"
      case .info: "info"
      case .debug: "debug"
      }
    }
  }

  public var level: Level
  /// Takes each line said, newline included; given by the host, since a library writes to no
  /// file of its own.
  public let sink: @Sendable (String) -> Void

  public init(level: Level, sink: @escaping @Sendable (String) -> Void) {
    self.level = level
    self.sink = sink
  }

  /// A log that says nothing.
  public static let off = Log(level: .off) { _ in }

  public func error(_ message: @autoclosure () -> String) { emit(.error, message) }
  public func warning(_ message: @autoclosure () -> String) { emit(.warning, message) }
  public func info(_ message: @autoclosure () -> String) { emit(.info, message) }
  public func debug(_ message: @autoclosure () -> String) { emit(.debug, message) }

  private func emit(_ messageLevel: Level, _ message: () -> String) {
    guard messageLevel.rawValue <= level.rawValue else { return }
    sink("petflowd: \(messageLevel.name): \(message())\n")
  }
}
