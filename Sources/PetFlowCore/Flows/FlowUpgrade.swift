/// How a snapshot of an older version of a flow becomes one of this version: fields renamed and
/// fields dropped, straight to the current version (a flow file states one per older version).
public struct FlowUpgrade: Sendable, Equatable {
  /// The version of the snapshots it applies to.
  public let from: Int
  /// Old field id → the id of a field of this version.
  public let renames: [(old: String, new: String)]
  /// Old field ids whose values go.
  public let drops: [String]

  public init(from: Int, renames: [(old: String, new: String)] = [], drops: [String] = []) {
    self.from = from
    self.renames = renames
    self.drops = drops
  }

  public static func == (lhs: FlowUpgrade, rhs: FlowUpgrade) -> Bool {
    lhs.from == rhs.from && lhs.drops == rhs.drops
      && lhs.renames.map(\.old) == rhs.renames.map(\.old)
      && lhs.renames.map(\.new) == rhs.renames.map(\.new)
  }
}
