// The path comes from the values on every call: where Continue and Back go, what progress counts,
// which values are dormant, what is validated and sent.
@_spi(Engine) import PetFlowCore
import Testing

@Suite struct FlowPathTests {
  @Test func continueFollowsTheAnswerThatDecidesTheBranch() throws {
    var yes = try SightingStates.onWhere()
    try yes.next(SightingStates.whereStep(stillThere: "yes"))
    #expect(yes.stepId == "contact")
    var no = try SightingStates.onWhere()
    try no.next(SightingStates.whereStep(stillThere: "no"))
    #expect(no.stepId == "summary")
  }

  @Test func backAfterASkippedStepGoesToTheStepBeforeItOnThePath() throws {
    var driver = try SightingStates.onWhere()
    try driver.next(SightingStates.whereStep(stillThere: "no"))
    try driver.back()
    #expect(driver.stepId == "where")
  }

  @Test func progressCountsTheLongestPathWhileTheBranchIsUndecided() throws {
    var driver = try SightingStates.onWhere()
    #expect(driver.flow.progress?.label == "2/3")
    try driver.update([("stillThere", .text("no"))])
    #expect(driver.flow.progress?.label == "2/2")
    try driver.update([("stillThere", .text("yes"))])
    #expect(driver.flow.progress?.label == "2/3")
  }

  @Test func aSummaryHasNoProgress() throws {
    var driver = try SightingStates.onWhere()
    try driver.next(SightingStates.whereStep(stillThere: "no"))
    #expect(driver.flow.progress == nil)
  }

  @Test func valuesOfAStepOffThePathAreDormantAndComeBackWithTheBranch() throws {
    var driver = try SightingStates.onWhere()
    try driver.next(SightingStates.whereStep(stillThere: "yes"))
    try driver.update([("phone", .text("600100200"))])
    try driver.back()
    try driver.update([("stillThere", .text("no"))])
    let phone = try #require(driver.flow.definition.position(of: "phone"))
    #expect(driver.flow.isDormant(phone, on: driver.flow.path))
    #expect(driver.flow.values["phone"] == .string("600100200"))
    try driver.update([("stillThere", .text("yes"))])
    #expect(!driver.flow.isDormant(phone, on: driver.flow.path))
  }

  @Test func aDormantValueIsSentAsNull() throws {
    var driver = try SightingStates.onWhere()
    try driver.next(SightingStates.whereStep(stillThere: "yes"))
    try driver.back()
    try driver.update([("stillThere", .text("no"))])
    try driver.next()
    let payload = try #require(FlowDriver.payload(try driver.next()))
    #expect(payload["contactPhone"] == .some(nil))
    #expect(payload["stillThere"] == .string("no"))
  }

  /// The contact step is off the path: its empty required phone does not hold the report back.
  @Test func submittingValidatesTheStepsOnThePathOnly() throws {
    var driver = try SightingStates.onWhere()
    try driver.next(SightingStates.whereStep(stillThere: "no"))
    #expect(FlowDriver.payload(try driver.next()) != nil)
  }

  @Test func gotoAStepOffThePathIsRefused() throws {
    var driver = try SightingStates.onWhere()
    try driver.update(SightingStates.whereStep(stillThere: "no"))
    #expect(throws: FlowFault.stepOffPath("contact")) {
      try driver.flow.goto("contact", context: session())
    }
  }

  @Test func gotoAStepOnThePathBehindValidStepsShowsIt() throws {
    var driver = try SightingStates.onWhere()
    try driver.update(SightingStates.whereStep(stillThere: "yes"))
    try driver.flow.goto("contact", context: session())
    #expect(driver.stepId == "contact")
  }

  @Test func aFlowWithoutBranchesHasEveryStepOnItsPath() {
    let flow = FlowInstance(definition: .reportMissingPet)
    #expect(flow.path.isWhole)
    #expect(flow.path.steps == Array(FlowDefinition.reportMissingPet.steps.indices))
  }

  @Test func listedProgressIsTheStepsPlaceOnTheLongestPathThroughIt() {
    let labels = SightingStates.sighting.steps.indices.map {
      SightingStates.sighting.progress(ofStep: $0)?.label
    }
    #expect(labels == ["1/3", "2/3", "3/3", nil])
  }
}
