// Counting the cases a property test checked for a kind: one that finds nothing to check proves
// nothing, so it fails below a floor, saying how many it checked.
@_spi(Engine) import PetFlowCore
import Testing

struct CheckedCases {
  let kind: FieldKind
  /// The fewest cases that make the property say something about the kind.
  let floor: Int
  private(set) var count = 0

  init(_ kind: FieldKind, floor: Int) {
    self.kind = kind
    self.floor = floor
  }

  mutating func checked() { count += 1 }

  func expectEnough(sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(
      count >= floor, "\(kind): \(count) cases checked, fewer than \(floor)",
      sourceLocation: sourceLocation)
  }
}
