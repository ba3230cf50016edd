// The example sighting report through the binary: every branch, Back across a branch, an
// answer changed and changed back, progress, flow/goto and the path.
import JSONRPC
import Testing

@Suite struct SightingFlowTests {
  @Test func stillThereLeadsThroughContactToTheSummaryAndSendsThePhone() throws {
    let client = try SightingFixtures.client()
    let id = try SightingFixtures.onWhere(client)
    #expect(
      try client.next(id, SightingFixtures.whereAndWhat(stillThere: "yes")).stepId == "contact")
    #expect(try client.next(id, SightingFixtures.contact).stepId == "summary")
    let sent = try client.next(id)
    #expect(sent["status"] == "submitted")
    #expect(
      sent["payload"] == [
        "photo": FlowFixtures.photo,
        "location": ["latitude": .number("52.2297"), "longitude": .number("21.0122")],
        "species": "cat", "stillThere": "yes", "contactPhone": "600100200",
      ])
  }

  @Test func goneLeadsStraightToTheSummaryAndSendsNoPhone() throws {
    let client = try SightingFixtures.client()
    let id = try SightingFixtures.onWhere(client)
    #expect(
      try client.next(id, SightingFixtures.whereAndWhat(stillThere: "no")).stepId == "summary")
    let sent = try client.next(id)
    #expect(sent["payload"]?["contactPhone"] == .null)
    #expect(sent["payload"]?["stillThere"] == "no")
  }

  @Test(arguments: [("no", "where"), ("yes", "contact")])
  func backFromTheSummaryGoesToTheStepBeforeItOnThePath(stillThere: String, step: String) throws {
    let client = try SightingFixtures.client()
    let id = try SightingFixtures.onWhere(client)
    try client.next(id, SightingFixtures.whereAndWhat(stillThere: stillThere))
    if stillThere == "yes" { try client.next(id, SightingFixtures.contact) }
    #expect(try client.back(id).stepId == step)
  }

  @Test func aChangedAnswerMakesThePhoneDormantAndChangingItBackRestoresIt() throws {
    let client = try SightingFixtures.client()
    let id = try SightingFixtures.onWhere(client)
    try client.next(id, SightingFixtures.whereAndWhat(stillThere: "yes"))
    try client.update(id, SightingFixtures.contact)
    try client.back(id)
    let gone = try client.update(id, ["stillThere": "no"])
    #expect(gone["values"]?["phone"] == nil)
    #expect(gone["display"]?["phone"] == nil)
    #expect(gone["dormant"] == ["phone": "600100200"])
    let back = try client.update(id, ["stillThere": "yes"])
    #expect(back["values"]?["phone"] == "600100200")
    #expect(back["dormant"] == nil)
  }

  @Test func progressCountsTheLongestPathUntilTheBranchIsAnswered() throws {
    let client = try SightingFixtures.client()
    let id = try client.start("reportSighting")
    #expect(try client.state(id)["step"]?["progress"]?["label"] == "1/3")
    #expect(try client.next(id, SightingFixtures.photo)["step"]?["progress"]?["label"] == "2/3")
    let answered = try client.update(id, SightingFixtures.whereAndWhat(stillThere: "no"))
    #expect(answered["step"]?["progress"]?["label"] == "2/2")
  }

  @Test func gotoAStepTheAnswersLeadPastIsRefusedNamingStep() throws {
    let client = try SightingFixtures.client()
    let id = try SightingFixtures.onWhere(client)
    try client.update(id, SightingFixtures.whereAndWhat(stillThere: "no"))
    let error = try client.error("flow/goto", ["flowId": .string(id), "step": "contact"])
    #expect(error["code"] == -32602)
    #expect(error["data"] == ["parameter": "step", "reason": "offPath"])
  }

  @Test func theStepsFieldsListTheChoicesOptionsInTheSessionsLanguage() throws {
    let client = try SightingFixtures.client()
    try client.initialize(today: "2026-11-22", locale: "pl")
    let id = try SightingFixtures.onWhere(client)
    let fields = try #require(try client.state(id)["step"]?["fields"]?.arrayValue)
    let stillThere = try #require(fields.first { $0["id"] == "stillThere" })
    #expect(stillThere["kind"] == "choice")
    #expect(
      stillThere["options"] == [["id": "yes", "label": "Tak"], ["id": "no", "label": "Nie"]])
  }

  @Test func aChoiceOtherThanItsOptionsIsRejectedWithTheAllowedIds() throws {
    let client = try SightingFixtures.client()
    let id = try SightingFixtures.onWhere(client)
    let stayed = try client.next(id, SightingFixtures.whereAndWhat(stillThere: "maybe"))
    #expect(stayed.stepId == "where")
    #expect(stayed["errors"]?["stillThere"]?["code"] == "choice.unknown")
    #expect(stayed["errors"]?["stillThere"]?["params"] == ["allowed": ["yes", "no"]])
  }
}
