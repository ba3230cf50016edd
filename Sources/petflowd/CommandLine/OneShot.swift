import JSONRPC

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `petflowd format FIELD [TEXT]` and `petflowd validate FIELD [TEXT]`: one result per text,
/// for shell scripts. Each text is sent as a request through the daemon's own dispatcher,
/// so a one-shot answer is exactly what `field/format` or `field/validate` would answer.
enum OneShot {
  /// Runs the command over TEXT, or over each line of stdin; answers the exit status
  /// (1 when a `validate` found an invalid text, 2 for a usage error).
  static func run(_ command: Options.OneShotCommand, limits: SessionLimits) -> Int32 {
    var server = PetFlowServer(limits: limits, log: Log(level: .error))
    var dispatcher = Dispatcher()
    var writer = JSONWriter()
    var anyInvalid = false
    var failed = false
    func answer(_ text: String) {
      let request: JSONValue = [
        "jsonrpc": "2.0", "id": 1, "method": .string("field/" + command.action.rawValue),
        "params": ["field": .string(command.field), "text": .string(text)],
      ]
      writer.reset()
      _ = dispatcher.dispatch(
        ArraySlice(Array(request.jsonText.utf8)), to: &server, writer: &writer)
      let response = (try? JSONReader.parse(writer.bytes)) ?? .null
      guard let result = response["result"] else {
        Log(level: .error).error(response["error"]?["message"]?.stringValue ?? "no answer")
        failed = true
        return
      }
      if result["valid"] == .bool(false) { anyInvalid = true }
      StandardOutput.emit(line(for: result, command: command) + "\n")
    }
    if let text = command.text {
      answer(text)
    } else {
      StandardInputLines.eachLine { answer($0) }
    }
    if failed { return 2 }
    return anyInvalid ? 1 : 0
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
}

/// Reading stdin line by line (`\n` or `\r\n`), without Foundation.
enum StandardInputLines {
  static func eachLine(_ body: (String) -> Void) {
    var pending: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { break }
      pending.append(contentsOf: chunk[0..<count])
      var lineStart = 0
      while let newline = pending[lineStart...].firstIndex(of: 10) {
        body(text(pending[lineStart..<newline]))
        lineStart = newline + 1
      }
      pending.removeSubrange(0..<lineStart)
    }
    if !pending.isEmpty { body(text(pending[...])) }
  }

  private static func text(_ bytes: ArraySlice<UInt8>) -> String {
    String(decoding: bytes.last == 13 ? bytes.dropLast() : bytes, as: UTF8.self)
  }
}

extension JSONValue {
  fileprivate subscript(_ name: String) -> JSONValue? { objectValue?[name] }
}
