import JSONRPC
import PetFlowHost
import PetFlowKit

/// The daemon's command line: limits, framing, logging, and the one-shot subcommands.
struct Options {
  enum Command: Equatable {
    case serve
    case help
    case version
    /// `petflowd format FIELD [TEXT]` / `petflowd validate FIELD [TEXT]`.
    case oneShot(OneShotCommand)
    /// `petflowd check-flows [--strict] [--paths [--today DATE]] FILE...`.
    case checkFlows(CheckFlowsCommand)
  }

  struct CheckFlowsCommand: Equatable {
    var files: [String]
    /// Warnings count as problems: exit 1.
    var strict = false
    /// Print each file's covering paths instead of its problems.
    var paths = false
    /// The day the paths' answers are valid on; nil: the system's.
    var today: CalendarDate?
  }

  struct OneShotCommand: Equatable {
    enum Action: String { case format, validate }
    /// TEXT as given on the command line.
    enum Text: Equatable {
      case utf8(String)
      /// Bytes that are not UTF-8: refused (-32700) as such a line of stdin is, never judged
      /// as text with U+FFFD in their place.
      case notUTF8
    }
    var action: Action
    var field: String
    /// Nil when absent: each line of stdin is a text then.
    var text: Text?
    var json = false
  }

  var command = Command.serve
  var transport = StdioTransport.Options()
  var logLevel = Log.Level.warning
  var limits = PetFlowServer.Limits()
  /// `--flows DIR`, in the order given: every `*.json` there is loaded at start-up.
  var flowDirectories: [String] = []

  /// A usage mistake, printed with a hint to run `--help`.
  struct UsageError: Error {
    let message: String
  }

  /// `arguments` as their bytes were: nil for one that is not UTF-8, which only TEXT may be.
  static func parse(_ arguments: [String?]) throws(UsageError) -> Options {
    var options = Options()
    var remaining = arguments[...]
    var positional: [String?] = []
    while let given = remaining.popFirst() {
      guard let argument = given else {
        positional.append(nil)
        continue
      }
      let (name, inlineValue) = split(argument)
      func value() throws(UsageError) -> String {
        if let inlineValue { return inlineValue }
        guard let next = remaining.popFirst() else {
          throw UsageError(message: "\(name) needs a value")
        }
        guard let next else { throw UsageError(message: "\(name) needs a value in UTF-8") }
        return next
      }
      switch name {
      case "-h", "--help": options.command = .help
      case "-V", "--version": options.command = .version
      case "--json": positional.append(argument)
      case "--framing":
        let text = try value()
        guard let mode = FramingMode(rawValue: text) else {
          throw UsageError(message: "--framing must be auto, lsp or ndjson, not '\(text)'")
        }
        options.transport.framing = mode
      case "--log-level":
        let text = try value()
        guard let level = Log.Level(name: text) else {
          throw UsageError(
            message: "--log-level must be one of off, error, warning, info, debug, not '\(text)'")
        }
        options.logLevel = level
      case "--max-message-bytes":
        options.limits.maxMessageBytes = try positiveInteger(name, try value())
      case "--max-depth":
        // The reader recurses once per level: past this, the stack itself would be at risk.
        options.limits.maxDepth = min(try positiveInteger(name, try value()), 10_000)
      case "--max-batch":
        options.limits.maxBatch = try positiveInteger(name, try value())
      case "--max-flows":
        options.limits.maxFlows = try positiveInteger(name, try value())
      case "--max-text-bytes":
        options.limits.maxTextBytes = try positiveInteger(name, try value())
      case "--flows":
        options.flowDirectories.append(try value())
      case "--":
        positional.append(contentsOf: remaining)
        remaining = []
      default:
        if argument.hasPrefix("-"), argument.count > 1, positional.isEmpty {
          throw UsageError(message: "unknown option '\(argument)'")
        }
        positional.append(argument)
      }
    }
    if options.command == .serve, positional.first == "check-flows" {
      options.command = .checkFlows(try checkFlows(positional.dropFirst()))
    } else if options.command == .serve, !positional.isEmpty {
      options.command = .oneShot(try oneShot(positional))
    }
    return options
  }

  private static func checkFlows(_ words: ArraySlice<String?>) throws(UsageError)
    -> CheckFlowsCommand
  {
    let usage = "usage: petflowd check-flows [--strict] [--paths [--today YYYY-MM-DD]] FILE..."
    var command = CheckFlowsCommand(files: [])
    var words = words
    while let word = words.popFirst() {
      guard let word else { throw UsageError(message: "check-flows: a FILE name is not UTF-8") }
      let (name, inlineValue) = split(word)
      switch name {
      case "--strict": command.strict = true
      case "--paths": command.paths = true
      case "--today":
        guard let text = inlineValue ?? words.popFirst() ?? nil else {
          throw UsageError(message: "--today needs a value (YYYY-MM-DD)")
        }
        guard let date = CalendarDate(iso: text), date.description == text else {
          throw UsageError(message: "--today must be a date as YYYY-MM-DD, not '\(text)'")
        }
        command.today = date
      default:
        // Anything else is a file.
        command.files.append(word)
      }
    }
    guard !command.files.isEmpty else { throw UsageError(message: usage) }
    if command.today != nil, !command.paths {
      throw UsageError(message: "--today goes with --paths (\(usage))")
    }
    return command
  }

  private static func oneShot(_ words: [String?]) throws(UsageError) -> OneShotCommand {
    let json = words.contains("--json")
    let words = words.filter { $0 != "--json" }
    guard let verb = words.first ?? nil, let action = OneShotCommand.Action(rawValue: verb) else {
      throw UsageError(
        message:
          "unknown command '\((words.first ?? nil) ?? "")' (expected format, validate or check-flows)"
      )
    }
    guard words.count >= 2, words.count <= 3 else {
      throw UsageError(message: "usage: petflowd \(verb) FIELD [TEXT]")
    }
    guard let field = words[1] else { throw UsageError(message: "FIELD is not UTF-8") }
    let text = words.count == 3 ? words[2].map(OneShotCommand.Text.utf8) ?? .notUTF8 : nil
    return OneShotCommand(action: action, field: field, text: text, json: json)
  }

  private static func split(_ argument: String) -> (String, String?) {
    guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else {
      return (argument, nil)
    }
    return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
  }

  /// A limit: a positive integer, at most 2^53 - 1, since errors quote limits (`data.limit`) and
  /// every integer petflowd writes is one every JSON client reads exactly.
  private static func positiveInteger(_ name: String, _ text: String) throws(UsageError) -> Int {
    guard let number = Int(text), number > 0, number <= 9_007_199_254_740_991 else {
      throw UsageError(
        message: "\(name) must be a positive integer up to 9007199254740991, not '\(text)'")
    }
    return number
  }
}
