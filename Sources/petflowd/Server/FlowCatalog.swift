import PetFlowKit

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
