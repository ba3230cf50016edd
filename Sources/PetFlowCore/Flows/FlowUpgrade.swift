/// How a snapshot of an older version of a flow becomes one of this version: fields renamed and
/// fields dropped, straight to the current version (a flow file states one per older version).
package struct FlowUpgrade: Sendable, Equatable {
  /// The version of the snapshots it applies to.
  package let from: Int64
  /// Old field id → the id of a field of this version.
  package let renames: [(old: String, new: String)]
  /// Old field ids whose values go.
  package let drops: [String]

  package init(from: Int64, renames: [(old: String, new: String)] = [], drops: [String] = []) {
    self.from = from
    self.renames = renames
    self.drops = drops
  }

  package static func == (lhs: FlowUpgrade, rhs: FlowUpgrade) -> Bool {
    lhs.from == rhs.from && lhs.drops == rhs.drops
      && lhs.renames.map { $0.old } == rhs.renames.map { $0.old }
      && lhs.renames.map { $0.new } == rhs.renames.map { $0.new }
  }
}
