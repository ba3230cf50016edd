import JSONRPC
import Testing

// Whole values through the binary: judged as given, never changed into other valid data.
@Suite struct WholeValueEndToEndTests {
  @Test(
    "field/validate judges text as given",
    arguments: [
      ("age", "1.5", "age.notWhole"), ("age", "2.5", "age.notWhole"),
      ("age", "3,5", "age.notWhole"),
      ("age", "-1", "age.outOfRange"), ("age", "3 years", "age.invalid"),
      ("latitude", "1000", "latitude.outOfRange"), ("latitude", "1e5", "latitude.invalid"),
      ("latitude", "1.2.3", "latitude.invalid"), ("longitude", "52.1N", "longitude.invalid"),
      ("phone", "+48 123 456 789 0", "phone.tooLong"), ("phone", "48+123456", "phone.invalid"),
      ("phone", "12345a78", "phone.invalid"), ("chipNumber", "12a34b56", "chipNumber.invalid"),
      ("chipNumber", "1234567890123456", "chipNumber.tooLong"),
      (
        "email",
        String(repeating: "a", count: 60) + "@" + String(repeating: "b", count: 244) + ".pl",
        "email.tooLong"
      ),
      ("date", "22/11/2026", "date.invalid"), ("date", "2026.11.22", "date.invalid"),
    ])
  func wholeTextIsJudged(field: String, text: String, code: String) throws {
    let client = try FlowClient()
    let result = try client.result(
      "field/validate", ["field": .string(field), "text": .string(text)])
    #expect(result["valid"] == false)
    #expect(result["error"]?["code"] == .string(code))
  }

  @Test(
    "A stored value that is not exactly canonical is field.invalid",
    arguments: [
      ("chipNumber", JSONValue.string("1234567890123456")), ("chipNumber", .number("123456")),
      ("chipNumber", "12345-6"), ("age", "abc"), ("age", "3"), ("latitude", "abc"),
      ("latitude", "52.1"), ("species", "Dog"), ("phone", "+48 123 456 789"),
    ])
  func nonCanonicalStoredValueIsInvalid(field: String, value: JSONValue) throws {
    let client = try FlowClient()
    let result = try client.result("field/validate", ["field": .string(field), "value": value])
    #expect(result["error"]?["code"] == "field.invalid")
  }

  @Test func textOverItsCapAsAStoredValueIsInvalid() throws {
    let client = try FlowClient()
    let result = try client.result(
      "field/validate",
      [
        "field": "text", "value": .string(String(repeating: "é", count: 600)),
        "options": ["maxLength": 500],
      ])
    #expect(result["error"]?["code"] == "field.invalid")
  }

  @Test(
    "A photo with a negative size or another type is a result, not a protocol error",
    arguments: [
      JSONValue.object(
        JSONObject([("uri", "a"), ("mimeType", "image/png"), ("sizeBytes", .number("-5"))])),
      ["uri": "a", "mimeType": "text/plain"],
    ])
  func unusablePhotoIsInvalid(photo: JSONValue) throws {
    let client = try FlowClient()
    let result = try client.result("field/validate", ["field": "photo", "value": photo])
    #expect(result["error"]?["code"] == "photo.invalid")
    let id = try client.start("reportFoundPet")
    let snapshot = try client.next(id, ["photo": photo])
    #expect(snapshot.errorCodes == ["photo": "photo.invalid"])
    #expect(snapshot.stepId == "photo")
  }

  @Test func foundPetReportStoresNoAgeWhenTheFinderWroteOnePointFive() throws {
    let client = try FlowClient()
    let id = try client.flow("reportFoundPet", through: [FlowFixtures.foundPhoto])
    var details = FlowFixtures.completeDetails
    details = details.setting("animalAge", "1.5")
    let snapshot = try client.next(id, details)
    #expect(snapshot.stepId == "petDetails")
    #expect(snapshot.errorCodes == ["animalAge": "age.notWhole"])
    #expect(snapshot["values"]?["animalAge"] == nil)
  }

  @Test func whitespaceOnlyOptionalTextIsLeftOutOfThePayload() throws {
    let client = try FlowClient()
    let id = try client.flow(
      "reportFoundPet",
      through: [FlowFixtures.foundPhoto, FlowFixtures.completeDetails.setting("animalRace", "   ")])
    let submitted = try client.next(id, FlowFixtures.completeContact)
    #expect(submitted["status"] == "submitted")
    #expect(submitted["payload"]?["race"] == .null)
  }

  @Test func coordinateWithMoreThanSixDecimalsIsRounded() throws {
    let client = try FlowClient()
    let id = try client.flow("reportFoundPet", through: [FlowFixtures.foundPhoto])
    let snapshot = try client.update(
      id, ["animalLatitude": "52.22971234", "animalLongitude": .number("21.01225678")])
    #expect(snapshot["values"]?["animalLatitude"] == .number("52.229712"))
    #expect(snapshot["values"]?["animalLongitude"] == .number("21.012257"))
  }
}
