// A path fixture's answers at one step (`check-flows --paths`) pass what the flow judges there: a
// conditional `required`, each kind of rule, the file's limits. Each test gives the answers to
// the flow itself, which must take the step.
@_spi(Engine) import PetFlowCore
import Testing

@Suite struct FixtureAnswersTests {
  static let today = session().today

  static func answers(
    _ fields: [FieldDefinition], rules: [StepRule] = [], given: [FlowPathProof.Answer] = []
  ) throws -> [(field: String, value: FieldValue)] {
    let step = StepDefinition(
      id: "form", title: StepRuleTests.text("Form"), fields: fields, rules: rules)
    return try FixtureAnswers.values(for: step, given: given, earlier: [:], today: today).get()
  }

  /// Whether the flow takes its one form step with `values`.
  static func passes(
    _ fields: [FieldDefinition], rules: [StepRule] = [],
    _ values: [(field: String, value: FieldValue)]
  ) throws -> Bool {
    var driver = StepRuleTests.flow(fields, rules: rules)
    try driver.next(values.map { ($0.field, FieldKind.input(for: $0.value)) })
    return driver.stepId == "summary"
  }

  static func value(_ id: String, in values: [(field: String, value: FieldValue)]) -> FieldValue? {
    values.first { $0.field == id }?.value
  }

  static func moving(_ answer: String) -> [FlowPathProof.Answer] {
    [FlowPathProof.Answer(field: "moving", value: .value(.string(answer)))]
  }

  @Test func aFieldRequiredUnderAConditionIsAnsweredWhereItHolds() throws {
    let fields = StepRuleTests.movingFields
    let values = try Self.answers(fields, given: Self.moving("no"))
    #expect(Self.value("injury", in: values) != nil)
    #expect(try Self.passes(fields, values))
  }

  @Test func aFieldRequiredUnderAConditionIsLeftEmptyWhereItDoesNotHold() throws {
    let fields = StepRuleTests.movingFields
    let values = try Self.answers(fields, given: Self.moving("yes"))
    #expect(Self.value("injury", in: values) == nil)
    #expect(try Self.passes(fields, values))
  }

  @Test func atLeastOneGetsItsFirstFieldAnswered() throws {
    let (fields, rules) = (StepRuleTests.contactFields, [StepRuleTests.contact])
    let values = try Self.answers(fields, rules: rules)
    #expect(values.map(\.field) == ["phone"])
    #expect(try Self.passes(fields, rules: rules, values))
  }

  @Test func atLeastOneAnswersAFieldThePathLeavesFree() throws {
    let (fields, rules) = (StepRuleTests.contactFields, [StepRuleTests.contact])
    let given = [FlowPathProof.Answer(field: "phone", value: .absent)]
    let values = try Self.answers(fields, rules: rules, given: given)
    #expect(values.map(\.field) == ["email"])
    #expect(try Self.passes(fields, rules: rules, values))
  }

  @Test func atLeastOneWhoseFieldsThePathLeavesEmptyCannotBeSatisfied() throws {
    let given = ["phone", "email"].map { FlowPathProof.Answer(field: $0, value: .absent) }
    let step = StepDefinition(
      id: "form", title: StepRuleTests.text("Form"), fields: StepRuleTests.contactFields,
      rules: [StepRuleTests.contact])
    let result = FixtureAnswers.values(for: step, given: given, earlier: [:], today: Self.today)
    #expect(throws: FixtureAnswers.Failure.unsatisfiable(rule: "contact")) { try result.get() }
  }

  @Test func aComparisonWithAnotherFieldHasBothSidesAnsweredAndPasses() throws {
    let rule = StepRule(
      id: "after", message: StepRuleTests.text("After"),
      check: .compare(left: "lastSeen", op: .greater, right: .field("firstSeen")))
    let fields = StepRuleTests.dateFields
    let values = try Self.answers(fields, rules: [rule])
    let first = try #require(Self.value("firstSeen", in: values))
    let last = try #require(Self.value("lastSeen", in: values))
    #expect(first != last)
    #expect(try Self.passes(fields, rules: [rule], values))
  }

  @Test func aComparisonMovesTheSideThePathLeavesFree() throws {
    // The path decides the left side: the right one moves below it.
    let rule = StepRule(
      id: "before", message: StepRuleTests.text("Before"),
      check: .compare(left: "firstSeen", op: .less, right: .field("lastSeen")))
    let given = [FlowPathProof.Answer(field: "firstSeen", value: .value(.string("2026-03-01")))]
    let values = try Self.answers(StepRuleTests.dateFields, rules: [rule], given: given)
    #expect(Self.value("firstSeen", in: values) == .string("2026-03-01"))
    #expect(try Self.passes(StepRuleTests.dateFields, rules: [rule], values))
  }

  @Test func aComparisonWithTodayGetsADayThatPasses() throws {
    let rule = StepRule(
      id: "today", message: StepRuleTests.text("Today"),
      check: .compare(left: "seen", op: .equal, right: .today))
    let fields = [FieldDefinition("seen", .date, label: StepRuleTests.text("Seen"))]
    let values = try Self.answers(fields, rules: [rule])
    #expect(Self.value("seen", in: values) == .string(Self.today.description))
    #expect(try Self.passes(fields, rules: [rule], values))
  }

  @Test func aComparisonWithANumberGetsAnAgeThatPasses() throws {
    let rule = StepRule(
      id: "adult", message: StepRuleTests.text("Adult"),
      check: .compare(left: "age", op: .greaterOrEqual, right: .value(.integer(18))))
    let fields = [FieldDefinition("age", .age, label: StepRuleTests.text("Age"))]
    let values = try Self.answers(fields, rules: [rule])
    #expect(try Self.passes(fields, rules: [rule], values))
  }

  @Test func aRuleNoValueCanPassIsReported() throws {
    // A date is never after today.
    let rule = StepRule(
      id: "future", message: StepRuleTests.text("Future"),
      check: .compare(left: "seen", op: .greater, right: .today))
    let fields = [FieldDefinition("seen", .date, label: StepRuleTests.text("Seen"))]
    #expect(throws: FixtureAnswers.Failure.unsatisfiable(rule: "future")) {
      try Self.answers(fields, rules: [rule])
    }
  }

  /// One required field of `kind` within `limits`.
  static func limited(_ kind: FieldKind, _ limits: FieldLimits) -> [FieldDefinition] {
    var field = FieldDefinition(
      "answer", kind, label: StepRuleTests.text("Answer"), options: FieldOptions(required: true))
    field.limits = limits
    return [field]
  }

  @Test(arguments: [
    (FieldKind.date, FieldLimits(notBefore: DateBound("2026-01-01"), notAfter: .today)),
    (.age, FieldLimits(min: 30, max: 35)),
    (.photo, FieldLimits(accept: ["image/jpeg"], maxBytes: 1000)),
  ])
  func aRequiredFieldsAnswerIsWithinTheFilesLimits(kind: FieldKind, limits: FieldLimits) throws {
    let fields = Self.limited(kind, limits)
    let values = try Self.answers(fields)
    #expect(values.count == 1)
    #expect(try Self.passes(fields, values))
  }

  @Test func aPhotosAnswerGivesItsSizeSoTheLimitIsJudged() throws {
    let values = try Self.answers(
      Self.limited(.photo, FieldLimits(accept: ["image/jpeg"], maxBytes: 1000)))
    guard case .photo(let photo)? = Self.value("answer", in: values) else {
      Issue.record("no photo in \(values)")
      return
    }
    #expect(photo.mimeType == "image/jpeg")
    #expect(photo.sizeBytes.map { $0 <= 1000 } == true)
  }
}
