import JSONRPC
import PetFlowHost
import PetFlowKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `petflowd format FIELD [TEXT]` and `petflowd validate FIELD [TEXT]`: one result per text,
/// for shell scripts. Each text is sent as a request through the daemon's own dispatcher,
/// so a one-shot answer is exactly what `field/format` or `field/validate` would answer.
enum OneShot {
  /// Runs the command over TEXT, or over each line of stdin, one line out per text; answers
  /// the exit status: 1 when a `validate` found an invalid text, 2 when a text was refused
  /// (not UTF-8, too long) or for a usage error (an unknown field kind, which stops at once).
  static func run(_ command: Options.OneShotCommand, limits: PetFlowServer.Limits) -> Int32 {
    // The request is built here, not read: only the text's own limit applies to it.
    var limits = limits
    limits.maxMessageBytes = .max
    let server = PetFlowServer(
      limits: limits, log: Log(level: .error), catalog: FlowCatalog(), clock: LocalCalendar.clock)
    var status: Int32 = 0
    /// Answers one text (nil: a TEXT or a line that is not UTF-8); false when nothing more can
    /// be.
    func answer(_ text: String?) -> Bool {
      guard let text else {
        // The daemon refuses such bytes in any message (-32700); TEXT and a line get the same.
        status = 2
        StandardOutput.emit(refusal(.parseError("the text is not UTF-8"), command) + "\n")
        return true
      }
      let request: JSONValue = [
        "jsonrpc": "2.0", "id": 1, "method": .string("field/" + command.action.rawValue),
        "params": ["field": .string(command.field), "text": .string(text)],
      ]
      let answer = server.handle(Array(request.jsonText.utf8)) ?? []
      let response = (try? JSONReader.parse(answer)) ?? .null
      if let result = response["result"] {
        if result["valid"] == .bool(false) { status = max(status, 1) }
        StandardOutput.emit(line(for: result, command: command) + "\n")
        return true
      }
      status = 2
      let error = RPCError(answered: response["error"])
      // The text is always a string, so invalid params can only be the field kind: the same
      // for every text, a usage error.
      guard error.code != -32602 else {
        Log(level: .error).error(error.message)
        return false
      }
      StandardOutput.emit(refusal(error, command) + "\n")
      return true
    }
    if let text = command.text {
      switch text {
      case .utf8(let text): _ = answer(text)
      case .notUTF8: _ = answer(nil)
      }
    } else {
      eachLine(answer)
    }
    return status
  }

  /// The formatted text, `valid`, or `invalid<TAB>code<TAB>message`; with `--json`, the
  /// whole result object.
  private static func line(for result: JSONValue, command: Options.OneShotCommand) -> String {
    if command.json { return result.jsonText }
    switch command.action {
    case .format:
      return result["text"]?.stringValue ?? ""
    case .validate:
      guard result["valid"] == .bool(false), let error = result["error"] else { return "valid" }
      let code = error["code"]?.stringValue ?? ""
      let message = error["message"]?.stringValue ?? ""
      return "invalid\t\(code)\t\(message)"
    }
  }

  /// A text petflowd refuses: `error<TAB>code<TAB>message`, or with `--json` `{"error": …}`.
  private static func refusal(_ error: RPCError, _ command: Options.OneShotCommand) -> String {
    guard command.json else { return "error\t\(error.code)\t\(error.message)" }
    var writer = JSONWriter()
    writer.beginObject()
    writer.key("error")
    writer.value(error)
    writer.endObject()
    return String(decoding: writer.bytes, as: UTF8.self)
  }

  /// Calls `body` with each line of stdin (`\n` or `\r\n`, read without Foundation), nil for one
  /// that is not UTF-8, until it answers false.
  private static func eachLine(_ body: (String?) -> Bool) {
    var pending: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    /// Whether the start of the input has been looked at for a byte-order mark yet.
    var atStart = true
    while true {
      let count = chunk.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { break }
      pending.append(contentsOf: chunk[0..<count])
      // A UTF-8 byte-order mark before the first line (as some Windows tools write) is no part
      // of it, as the daemon skips one before its first message.
      if atStart {
        let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
        guard pending.count >= mark.count || mark.starts(with: pending) == false else { continue }
        if pending.starts(with: mark) { pending.removeFirst(mark.count) }
        atStart = false
      }
      var lineStart = 0
      while let newline = pending[lineStart...].firstIndex(of: 10) {
        guard body(text(pending[lineStart..<newline])) else { return }
        lineStart = newline + 1
      }
      pending.removeSubrange(0..<lineStart)
    }
    if atStart, pending.starts(with: [0xEF, 0xBB, 0xBF]) { pending.removeFirst(3) }
    if !pending.isEmpty { _ = body(text(pending[...])) }
  }

  /// The line's text, or nil when its bytes are not UTF-8 (never a U+FFFD in their place:
  /// a whole value is judged as given).
  private static func text(_ bytes: ArraySlice<UInt8>) -> String? {
    String(validating: bytes.last == 13 ? bytes.dropLast() : bytes, as: UTF8.self)
  }
}

extension JSONValue {
  fileprivate subscript(_ name: String) -> JSONValue? { objectValue?[name] }
}

extension RPCError {
  /// The error object of an answer, read back.
  fileprivate init(answered error: JSONValue?) {
    var code = -32603
    if case .number(let number)? = error?["code"], let int = number.intValue { code = int }
    self.init(
      code: code, message: error?["message"]?.stringValue ?? "no answer", data: error?["data"])
  }
}
