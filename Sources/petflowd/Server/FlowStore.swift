// The flows of a session: the definitions it runs (built in, and files) and the live and ended
// instances.

import JSONRPC
import PetFlowKit

/// The session's flows by id: the live ones, and a bounded memory of ended ones so that
/// `flow/state` can still say how a flow ended.
struct FlowStore {
  /// What is remembered of an ended flow: enough to answer `flow/state`.
  struct Ending {
    let flow: String
    let version: Int
    let status: FlowStatus
    let revision: Int
  }

  let maxLive: Int
  private(set) var live: [String: FlowInstance] = [:]
  private(set) var ended: [String: Ending] = [:]
  /// Ended ids, oldest first, so the oldest is forgotten when the memory is full.
  private var endedOrder: [String] = []
  private var endedOrderStart = 0
  private var serial: UInt64 = 0
  /// Random per process, so an id kept by a UI across a daemon restart names nothing
  /// instead of somebody else's flow.
  private let prefix: String

  /// `idPrefix` fixes the ids' prefix (the fuzzer's inputs name flows "f-1", "f-2", …);
  /// by default it is random.
  init(maxLive: Int, idPrefix: String? = nil) {
    self.maxLive = maxLive
    prefix = idPrefix ?? Self.randomPrefix()
  }

  private static func randomPrefix() -> String {
    let random = String(UInt32.random(in: .min ... .max), radix: 36)
    return "f" + String(repeating: "0", count: max(0, 7 - random.count)) + random + "-"
  }

  mutating func add(_ flow: FlowInstance) throws(RPCError) -> String {
    guard live.count < maxLive else {
      throw RPCError(
        code: PetFlowErrorCode.tooManyFlows,
        message: "\(live.count) flows are live, the limit (--max-flows); end some with flow/cancel",
        data: ["limit": .int(maxLive)])
    }
    serial &+= 1
    let id = prefix + String(serial)
    live[id] = flow
    return id
  }

  /// The live flow, or the error for an ended or unknown id.
  func flow(_ id: String) throws(RPCError) -> FlowInstance {
    if let flow = live[id] { return flow }
    throw notLive(id)
  }

  /// Runs `body` on the live flow, then files it away as ended if it ended. The flow is
  /// taken out of the table while it changes, so its values are never copied.
  mutating func modify<Result>(
    _ id: String, _ body: (inout FlowInstance) throws(RPCError) -> Result
  ) throws(RPCError) -> Result {
    guard var flow = live.removeValue(forKey: id) else { throw notLive(id) }
    defer {
      if flow.status == .active { live[id] = flow } else { retire(id, flow) }
    }
    return try body(&flow)
  }

  private mutating func retire(_ id: String, _ flow: FlowInstance) {
    ended[id] = Ending(
      flow: flow.definition.id, version: flow.definition.version, status: flow.status,
      revision: flow.revision)
    endedOrder.append(id)
    // Remember as many ended flows as may be live; forget the oldest beyond that.
    if endedOrder.count - endedOrderStart > maxLive {
      ended[endedOrder[endedOrderStart]] = nil
      endedOrderStart += 1
      if endedOrderStart > 4096, endedOrderStart * 2 > endedOrder.count {
        endedOrder.removeFirst(endedOrderStart)
        endedOrderStart = 0
      }
    }
  }

  private func notLive(_ id: String) -> RPCError {
    if let ending = ended[id] {
      return RPCError(
        code: PetFlowErrorCode.flowEnded,
        message: "the flow has ended (\(ending.status.rawValue)); only flow/state answers for it",
        data: ["flowId": .string(id), "status": .string(ending.status.rawValue)])
    }
    return RPCError(
      code: PetFlowErrorCode.unknownFlowId, message: "no flow with this flowId in this session",
      data: ["flowId": .string(id)])
  }
}

/// The flows a session runs: the built-in reports, and the files `--flows DIR` loaded, a file
/// replacing the built-in flow of its id (in that flow's place) and adding any other.
struct FlowCatalog: Sendable {
  /// Nil without files: the built-ins are then read only when a flow is first asked for, so
  /// start-up never builds them.
  private let merged: [FlowDefinition]?

  init(files: [FlowDefinition] = []) {
    guard !files.isEmpty else {
      merged = nil
      return
    }
    var flows = FlowDefinition.all.map { builtIn in files.first { $0.id == builtIn.id } ?? builtIn }
    flows += files.filter { file in !FlowDefinition.all.contains { $0.id == file.id } }
    merged = flows
  }

  /// Every flow, in the order `flow/list` shows them: the built-ins, then the other files by
  /// file name.
  var flows: [FlowDefinition] { merged ?? FlowDefinition.all }

  func named(_ id: String) -> FlowDefinition? { flows.first { $0.id == id } }
}
