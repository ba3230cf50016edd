import JSONRPC
import Testing

// Through the binary: phone numbers from abroad judged by E.164's length.
@Suite struct AbroadAndCalendarEndToEndTests {
  @Test(
    "A number with another country code, or Polish toll-free, is valid",
    arguments: [
      ("+44 7911 123456", "+447911123456"), ("+49 1512 3456789", "+4915123456789"),
      ("+380 67 123 4567", "+380671234567"), ("+48 800 123 4567", "+488001234567"),
      ("0044 7911 123456", "+447911123456"),
    ])
  func numberFromAbroadIsValid(text: String, value: String) throws {
    let client = try FlowClient()
    let result = try client.result("field/validate", ["field": "phone", "text": .string(text)])
    #expect(result["value"] == .string(value))
    #expect(result["error"] == .null)
  }

  @Test func aPolishTollFreeNumberIsShownInItsGroups() throws {
    let client = try FlowClient()
    let result = try client.result("field/format", ["field": "phone", "text": "+488001234567"])
    #expect(result["text"] == "+48 800 123 4567")
  }

  @Test(
    "phone.tooLong names the bound that applied",
    arguments: [
      ("+44 7911 123456 7890", 15, "Enter at most 15 digits"),
      ("+48 800 123 45678", 12, "Enter at most 12 digits"),
      ("+48 600 100 200 3", 11, "Enter at most 11 digits"),
    ])
  func tooLongNamesItsBound(text: String, max: Int, message: String) throws {
    let client = try FlowClient()
    let error = try client.result("field/validate", ["field": "phone", "text": .string(text)])[
      "error"]
    #expect(error?["code"] == "phone.tooLong")
    #expect(error?["params"] == ["max": .int(max)])
    #expect(error?["message"] == .string(message))
  }

  @Test func fieldListGivesRoomForAPlusAndFifteenDigits() throws {
    let client = try FlowClient()
    let fields = try #require(try client.result("field/list", [:])["fields"]?.arrayValue)
    #expect(fields.first { $0["kind"] == "phone" }?["maxLength"] == 16)
  }

  @Test func aFlowTakesANumberFromAbroad() throws {
    let client = try FlowClient()
    let id = try client.flow("reportFoundPet", through: FlowFixtures.foundSteps)
    let check = try client.validate(
      id, ["phone": "+44 7911 123456", "caregiverPhoneNumber": "+49 1512 3456789"])
    #expect(check["valid"] == true)
  }
}
