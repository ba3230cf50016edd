import JSONRPC
import Testing

/// Objects keep members as written and answer lookups by the last of a name.
struct JSONObjectTests {
  @Test func lookupOfAbsentNameIsNil() {
    let object = JSONObject([("a", 1)])
    #expect(object["b"] == nil)
  }

  @Test func settingANameMakesLookupAnswerTheNewValue() {
    var object = JSONObject([("a", 1), ("b", 2), ("a", 3)])
    object["a"] = 4
    #expect(object["a"] == 4)
    #expect(object.names.sorted() == ["a", "b"])
  }

  @Test func settingANewNameAppendsIt() {
    var object = JSONObject([("a", 1)])
    object["b"] = 2
    #expect(object.members.map(\.name) == ["a", "b"])
  }

  @Test func settingNilRemovesTheName() {
    var object = JSONObject([("a", 1), ("a", 2)])
    object["a"] = nil
    #expect(object.members.isEmpty)
  }

  @Test func namesAreDistinctInOrderOfLastOccurrence() {
    let object = JSONObject([("a", 1), ("b", 2), ("a", 3)])
    #expect(object.names == ["b", "a"])
  }

  @Test func equalityIgnoresMemberOrderAndShadowedDuplicates() {
    let left = JSONObject([("a", 1), ("b", 2)])
    let right = JSONObject([("b", 2), ("a", 0), ("a", 1)])
    #expect(left == right)
  }

  @Test func objectsWithDifferentNamesOrValuesDiffer() {
    #expect(JSONObject([("a", 1)]) != JSONObject([("a", 2)]))
    #expect(JSONObject([("a", 1)]) != JSONObject([("a", 1), ("b", 1)]))
    #expect(JSONObject([("a", nil)]) != JSONObject())
  }
}
