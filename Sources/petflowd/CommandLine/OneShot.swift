/// `petflowd format FIELD [TEXT]` and `petflowd validate FIELD [TEXT]` (filled in with the fields).
import JSONRPC

enum OneShot {
  static func run(_ command: Options.OneShotCommand, limits: SessionLimits) -> Int32 {
    Log(level: .error).error("one-shot commands are not available yet")
    return 2
  }
}
