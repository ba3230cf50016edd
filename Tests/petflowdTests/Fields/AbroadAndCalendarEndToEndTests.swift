import JSONRPC
import Testing

// Through the binary: phone numbers from abroad judged by E.164's length, the part of an email
// address before @ as a browser judges it, and a date that says which day its month lacks.
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

  @Test(
    "What a browser's <input type=email> refuses before @ is email.invalid",
    arguments: ["a\"b@example.com", "a,b@example.com", "a<b>@example.com", "żółw@example.com"])
  func browserRefusedLocalPartIsInvalid(text: String) throws {
    let client = try FlowClient()
    let result = try client.result("field/validate", ["field": "email", "text": .string(text)])
    #expect(result["error"]?["code"] == "email.invalid")
  }

  @Test func aDomainOfAnotherScriptStaysValid() throws {
    let client = try FlowClient()
    let result = try client.result("field/validate", ["field": "email", "text": "jan@żółw.pl"])
    #expect(result["valid"] == true)
  }

  @Test func overSixtyFourBeforeTheAtIsTooLongThereInBothLanguages() throws {
    let client = try FlowClient()
    let text = JSONValue.string(String(repeating: "a", count: 65) + "@example.com")
    let english = try client.result("field/validate", ["field": "email", "text": text])["error"]
    #expect(english?["code"] == "email.tooLong")
    #expect(english?["params"] == ["max": 64, "part": "local"])
    #expect(english?["message"] == "The part before @ has at most 64 characters")
    try client.initialize(today: "2026-11-22", locale: "pl")
    let polish = try client.result("field/validate", ["field": "email", "text": text])["error"]
    #expect(polish?["message"] == "Część przed @ może mieć najwyżej 64 znaki")
  }

  @Test func over254InAllIsTooLongAsAnAddress() throws {
    let client = try FlowClient()
    let text = String(repeating: "a", count: 60) + "@" + String(repeating: "b", count: 244) + ".pl"
    let error = try client.result("field/validate", ["field": "email", "text": .string(text)])[
      "error"]
    #expect(error?["params"] == ["max": 254, "part": "address"])
    #expect(error?["message"] == "An email address has at most 254 characters")
  }

  @Test func aDayPastItsMonthsEndSaysHowManyDaysTheMonthHas() throws {
    let client = try FlowClient()
    let english = try client.result("field/validate", ["field": "date", "text": "31.02.2025"])[
      "error"]
    #expect(english?["code"] == "date.noSuchDay")
    #expect(english?["params"] == ["year": 2025, "month": 2, "days": 28])
    #expect(english?["message"] == "February 2025 has 28 days")
    try client.initialize(today: "2026-11-22", locale: "pl")
    let polish = try client.result("field/validate", ["field": "date", "text": "2025-02-31"])[
      "error"]
    #expect(polish?["message"] == "Luty 2025 ma 28 dni")
  }

  @Test func anImpossibleMonthIsInvalidNamingBothForms() throws {
    let client = try FlowClient()
    let english = try client.result("field/validate", ["field": "date", "text": "31.13.2025"])[
      "error"]
    #expect(english?["code"] == "date.invalid")
    #expect(english?["message"] == "Enter a real date, for example 2025-11-20 or 20.11.2025")
    try client.initialize(today: "2026-11-22", locale: "pl")
    let polish = try client.result("field/validate", ["field": "date", "text": "11/12/2025"])[
      "error"]
    #expect(polish?["code"] == "date.invalid")
    #expect(polish?["message"] == "Wpisz prawdziwą datę, na przykład 2025-11-20 lub 20.11.2025")
  }
}
