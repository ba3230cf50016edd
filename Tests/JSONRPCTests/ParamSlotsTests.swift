import Testing

@testable import JSONRPC

/// Where a method's named params are filed, and what happens to a token too far to file.
struct ParamSlotsTests {
  private let names: [StaticString] = ["field", "text", "caret"]

  @Test func filedNameAnswersItsToken() {
    var slots = ParamSlots(names: names)
    slots.file(7, at: 1)
    #expect(slots.token(for: "text") == .some(7))
  }

  @Test func knownButAbsentNameAnswersSomeNil() {
    let slots = ParamSlots(names: names)
    #expect(slots.token(for: "caret") == .some(nil))
  }

  @Test func nameNotAskedForIsLeftToAScan() {
    let slots = ParamSlots(names: names)
    #expect(slots.token(for: "selection") == nil)
  }

  @Test func tokenPastThirtyTwoBitsIsLeftToAScan() {
    var slots = ParamSlots(names: names)
    slots.file(Int(Int32.max) + 1, at: 0)
    #expect(slots.token(for: "field") == nil)
    slots.file(Int(Int32.max), at: 0)
    #expect(slots.token(for: "field") == .some(Int(Int32.max)))
  }

  /// Handlers copy `Params` a few times per request; above 128 bytes each copy is a call to
  /// `memcpy` (measured: 8 calls and about 200 instructions per keystroke request).
  @Test func paramsStayCheapToCopy() {
    #expect(MemoryLayout<Params>.size <= 128)
  }
}
