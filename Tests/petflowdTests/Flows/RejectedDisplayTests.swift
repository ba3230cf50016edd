// A flow's `display` of a rejected input, through the binary: exactly what was entered. The
// chip number's typing filter is for keystrokes; a whole value is shown as given beside its
// error, never laid out into what would read as another, valid, number.
import JSONRPC
import Testing

@Suite struct RejectedDisplayTests {
  @Test(arguments: [
    ("12a34", "chipNumber.invalid"), ("1234567890123456", "chipNumber.tooLong"),
    ("12345-67890-12345-6", "chipNumber.tooLong"),
  ])
  func aRejectedChipNumberIsShownAsEntered(given: String, code: String) throws {
    let client = try FlowClient()
    let id = try client.start("reportMissingPet")
    let snapshot = try client.next(id, ["chipNumber": .string(given)])
    #expect(snapshot["step"]?["id"] == "chipNumber")
    #expect(snapshot["display"]?["chipNumber"] == .string(given))
    #expect(snapshot["errors"]?["chipNumber"]?["code"] == .string(code))
  }

  @Test func anUpdatedChipNumberIsShownAsEnteredBeforeContinue() throws {
    let client = try FlowClient()
    let id = try client.start("reportMissingPet")
    let snapshot = try client.update(id, ["chipNumber": "12a34"])
    #expect(snapshot["display"]?["chipNumber"] == "12a34")
    #expect(snapshot["values"]?["chipNumber"] == nil)
  }

  @Test func anImportedRejectedChipNumberIsShownAsEntered() throws {
    let client = try FlowClient()
    let id = try client.start("reportMissingPet")
    _ = try client.update(id, ["chipNumber": "12a34"])
    let imported = try client.importing(try client.export(id))
    #expect(imported["display"]?["chipNumber"] == "12a34")
  }

  @Test func aValidChipNumberIsStillShownWithItsHyphens() throws {
    let client = try FlowClient()
    let id = try client.start("reportMissingPet")
    let snapshot = try client.update(id, ["chipNumber": "123456"])
    #expect(snapshot["display"]?["chipNumber"] == "12345-6")
  }
}
