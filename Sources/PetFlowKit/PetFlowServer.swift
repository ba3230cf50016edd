import FlowFiles
import JSONRPC
import PetFlowCore

/// The JSON-RPC contract of protocol.md, in process: one message body in, the body petflowd
/// would write for it out, byte for byte. petflowd's stdio transport calls this same class, so
/// an app that wants the wire without a process gets exactly the daemon's answers.
///
/// One instance is one session (settings from `initialize`, live flows, the catalog). It is
/// not thread-safe: calls are serialised by the caller (one queue or actor of the app's).
public final class PetFlowServer {
  /// The limits petflowd takes as flags, with its defaults; a message past one is answered with
  /// the same error the daemon answers (-32004, -32005, -32006, -32013).
  public struct Limits: Sendable {
    /// Bytes of one message body (`--max-message-bytes`).
    public var maxMessageBytes = 8 * 1024 * 1024
    /// Nesting of arrays and objects in a message (`--max-depth`).
    public var maxDepth = JSONReader.defaultMaxDepth
    /// Requests in one batch (`--max-batch`).
    public var maxBatch = 10_000
    /// Live flows at once (`--max-flows`).
    public var maxFlows = 10_000
    /// UTF-8 bytes of one field's text (`--max-text-bytes`): enough for a 1 MiB paste.
    public var maxTextBytes = 2 * 1024 * 1024

    /// petflowd's defaults.
    public init() {}
  }

  /// A flow file that did not load: its problems, each the line `check-flows` prints.
  public struct FlowFileError: Error {
    /// Each problem as the line `check-flows` prints: file, pointer, message.
    public let problems: [String]
  }

  /// The limits this server was made with.
  public let limits: Limits
  /// Everything that changes, in one value: a call takes one exclusive access to it, not one
  /// per property (each a runtime check on a class, some 100 instructions a message).
  private var core: Core
  private var writer = JSONWriter()

  /// A session with the built-in flows and petflowd's default limits. Dates are judged
  /// against `initialize`'s `today`; without it, against 1970-01-01, so an app that judges
  /// dates passes `today` to the other initialiser.
  public convenience init() {
    self.init(limits: Limits(), log: .off, catalog: FlowCatalog(), clock: .none)
  }

  /// A session serving `flowFiles` (each a flow file's bytes, as `--flows` loads them: a file
  /// replaces the built-in flow of its id and adds any other) under `limits`. `today` answers
  /// the local date, which the library never reads itself (an app reads it from its calendar);
  /// nil means unknown. Throws the files' problems when one is not sound, as petflowd refuses to
  /// start (warnings alone do not stop it).
  public convenience init(
    flowFiles: [[UInt8]], limits: Limits = Limits(),
    today: @escaping @Sendable () -> CalendarDate? = { nil }
  ) throws(FlowFileError) {
    let loaded = Self.load(flowFiles: flowFiles)
    guard !loaded.hasErrors else {
      throw FlowFileError(problems: loaded.problems.map { $0.line })
    }
    self.init(
      limits: limits, log: .off, catalog: FlowCatalog(files: loaded.definitions),
      clock: SessionClock(now: nil) { _ in today() })
  }

  /// Flow files given as bytes (an app's, the WebAssembly module's host's), loaded as `--flows`
  /// loads files: named as check-flows would name them, had they been files ("flow file 1"…).
  package static func load(flowFiles: [[UInt8]]) -> FlowFileSet.Loaded {
    let names = flowFiles.indices.map { "flow file \($0 + 1)" }
    let bytesByName = Dictionary(uniqueKeysWithValues: zip(names, flowFiles))
    return FlowFileSet.load(files: names) { name in .success(bytesByName[name] ?? []) }
  }

  /// What petflowd gives a session: its log, the flows `--flows` loaded, the local calendar,
  /// and the flow ids' prefix (random by default; fixed for the fuzzer).
  package init(
    limits: Limits, log: Log, catalog: FlowCatalog, clock: SessionClock,
    flowIdPrefix: String = FlowStore.randomPrefix(.random(in: .min ... .max))
  ) {
    self.limits = limits
    core = Core(
      session: SessionHandler(
        limits: limits, log: log, catalog: catalog, clock: clock, flowIdPrefix: flowIdPrefix),
      dispatcher: Dispatcher(maxDepth: limits.maxDepth, maxBatch: limits.maxBatch))
  }

  /// The status petflowd would exit with once the `exit` notification has come (0 after
  /// `shutdown`, 1 without it); nil until then.
  public var exitStatus: Int32? { core.exitStatus }

  /// Answers one message body: a request, a notification or a batch, without framing. Returns
  /// the answer's bytes, or nil where petflowd writes nothing (a notification, a batch of
  /// them, and every message after `exit`).
  public func handle(_ body: [UInt8]) -> [UInt8]? {
    guard core.exitStatus == nil else { return nil }
    writer.reset()
    guard body.count <= limits.maxMessageBytes else {
      // As the framer refuses it, before reading a byte of it.
      let error = FramingError.messageTooLarge(length: body.count, limit: limits.maxMessageBytes)
      Dispatcher.writeError(error.rpcError, id: nil, to: &writer)
      return writer.bytes
    }
    guard core.answer(body[...], into: &writer) else { return nil }
    return writer.bytes
  }

  /// Lends the session to `body` for as long as it runs: the transport answers every message
  /// of a run through it, with one exclusive access for the whole run.
  package func serve<Result>(_ body: (inout Core) -> Result) -> Result { body(&core) }

  /// The session's log, for the transport's own diagnostics.
  package var log: Log { core.session.log }

  /// The session and the dispatcher in front of it.
  package struct Core {
    var session: SessionHandler
    var dispatcher: Dispatcher

    /// As `PetFlowServer.exitStatus`.
    package var exitStatus: Int32? { session.requestedExitStatus }

    /// Answers one message into the transport's own buffer (which has framed it and kept it
    /// within `maxMessageBytes`, and stops at `exit`): false, having written nothing, where there
    /// is no answer.
    package mutating func answer(_ body: ArraySlice<UInt8>, into output: inout JSONWriter) -> Bool {
      dispatcher.dispatch(body, to: &session, writer: &output)
    }
  }
}
