@_spi(Engine) import FlowFiles
import JSONRPC
@_spi(Engine) import PetFlowHost
import PetFlowKit

/// `check-flows --paths [--today DATE] FILE...`: each sound flow's covering paths, one JSON
/// line each, `{"flow", "today", "path", "answers", "payload"}`. Each path is replayed here,
/// through a session of this petflowd in process, as a test replays it (`initialize` with
/// `today`, `flow/start`, one `flow/next` per step); the payload is the one it submitted, so a
/// line is never printed that does not replay.
enum FlowPathsCommand {
  /// More lines than a test suite wants to run; past it the command stops, with a warning.
  static let maxLines = 1_000

  static func run(_ command: Options.CheckFlowsCommand) -> Int32 {
    let log = Log(level: .warning)
    let loaded = FlowFileSet.load(files: command.files)
    // Problems are not fixtures: stdout carries only paths.
    var lines = loaded.problems.map { $0.line + "\n" }.joined()
    _ = lines.withUTF8 { writeAll($0, to: 2) }
    guard !loaded.hasErrors else { return 1 }
    let today = command.today ?? Self.systemToday
    var printed = 0
    for definition in loaded.definitions {
      let paths: [FlowPathFixtures.Path]
      switch FlowPathFixtures.paths(definition, today: today) {
      case .success(let found): paths = found
      case .failure(.tooWide):
        log.error("check-flows --paths: flow '\(definition.id)' is too wide to list its paths")
        return 1
      case .failure(.noAnswer(let step, let field, let kind)):
        log.error(
          "check-flows --paths: flow '\(definition.id)': no example of \(kind) is a valid answer to '\(field)' (step '\(step)') on \(today)"
        )
        return 1
      case .failure(.unsatisfiable(let step, let rule)):
        log.error(
          "check-flows --paths: flow '\(definition.id)': no answers at step '\(step)' pass rule '\(rule)' on \(today)"
        )
        return 1
      }
      for path in paths {
        guard printed < maxLines else {
          log.warning(
            "check-flows --paths: stopped after \(maxLines) paths; check fewer files at a time for the rest"
          )
          return command.strict && loaded.problems.isEmpty == false ? 1 : 0
        }
        switch replay(path, of: definition, today: today) {
        case .success(let payload):
          StandardOutput.emit(line(path, of: definition, today: today, payload: payload) + "\n")
          printed += 1
        case .failure(let reason):
          log.error(
            "check-flows --paths: flow '\(definition.id)': the path \(path.steps.joined(separator: " → ")) does not replay: \(reason)"
          )
          return 1
        }
      }
    }
    return command.strict && !loaded.problems.isEmpty ? 1 : 0
  }

  private static var systemToday: CalendarDate {
    LocalCalendar.today ?? .unixEpoch
  }

  private static func line(
    _ path: FlowPathFixtures.Path, of definition: FlowDefinition, today: CalendarDate,
    payload: JSONValue
  ) -> String {
    let answers: [JSONValue] = path.answers.map { answer in
      ["step": .string(answer.step), "values": values(answer.values)]
    }
    let line: JSONValue = [
      "flow": .string(definition.id), "today": .string(today.description),
      "path": .array(path.steps.map(JSONValue.string)), "answers": .array(answers),
      "payload": payload,
    ]
    return line.jsonText
  }

  /// The payload the path submits, or why it does not.
  private static func replay(
    _ path: FlowPathFixtures.Path, of definition: FlowDefinition, today: CalendarDate
  ) -> Result<JSONValue, ReplayFailure> {
    let server = PetFlowServer(
      limits: PetFlowServer.Limits(), log: .off, catalog: FlowCatalog(files: [definition]),
      clock: .none, flowIdPrefix: "path")
    func call(_ method: String, _ params: JSONValue) -> JSONValue? {
      let request: JSONValue = [
        "jsonrpc": "2.0", "id": 1, "method": .string(method), "params": params,
      ]
      let answer = server.handle(Array(request.jsonText.utf8)) ?? []
      return (try? JSONReader.parse(answer))?.objectValue?["result"]
    }
    _ = call("initialize", ["today": .string(today.description)])
    guard
      let started = call("flow/start", ["flow": .string(definition.id)]),
      let flowId = started.objectValue?["flowId"]
    else { return .failure(ReplayFailure("flow/start failed")) }
    var snapshot = started
    for answer in path.answers {
      guard
        let next = call(
          "flow/next", ["flowId": flowId, "values": values(answer.values)])
      else { return .failure(ReplayFailure("flow/next at '\(answer.step)' failed")) }
      snapshot = next
    }
    let status = snapshot.objectValue?["status"]?.stringValue ?? ""
    guard status == "submitted", let payload = snapshot.objectValue?["payload"] else {
      let errors = snapshot.objectValue?["errors"]?.jsonText ?? "{}"
      return .failure(ReplayFailure("it ends \(status), errors \(errors)"))
    }
    return .success(payload)
  }

  private static func values(_ values: [(field: String, value: FieldInput)]) -> JSONValue {
    .object(JSONObject(values.map { ($0.field, $0.value.json) }))
  }

  private struct ReplayFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
  }
}
