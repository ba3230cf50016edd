// A step's rules across fields and a `required` that holds under a condition: judged at Continue
// and flow/validate after each field's own judgement (in the test session: today 2026-11-22).
@_spi(Engine) import PetFlowCore
import Testing

@Suite struct StepRuleTests {
  static func text(_ en: String) -> LocalizedText { LocalizedText(en: en, pl: en + " (pl)") }

  static let contact = StepRule(
    id: "contact", message: text("Enter a phone number or an email address"),
    check: .atLeastOne(["phone", "email"]))
  static let order = StepRule(
    id: "order", message: text("The last sighting cannot be before the first"),
    check: .compare(left: "lastSeen", op: .greaterOrEqual, right: .field("firstSeen")))

  /// One form step with the fields and rules given, then a summary.
  static func flow(_ fields: [FieldDefinition], rules: [StepRule]) -> FlowDriver {
    FlowDriver(
      FlowDefinition(
        id: "rules", version: 1,
        steps: [
          StepDefinition(id: "form", title: text("Form"), fields: fields, rules: rules),
          StepDefinition(id: "summary", kind: .summary, title: text("Summary"), fields: []),
        ],
        payload: fields.map { PayloadEntry($0.id, from: $0.id) }))
  }

  static let contactFields = [
    FieldDefinition("phone", .phone, label: text("Phone")),
    FieldDefinition("email", .email, label: text("Email")),
  ]
  static let dateFields = [
    FieldDefinition("firstSeen", .date, label: text("First seen")),
    FieldDefinition("lastSeen", .date, label: text("Last seen")),
  ]

  @Test func atLeastOneFailsWhenEveryNamedFieldIsEmpty() throws {
    var driver = Self.flow(Self.contactFields, rules: [Self.contact])
    try driver.next()
    #expect(driver.stepId == "form")
    #expect(driver.errorCodes == ["phone": "rule.contact"])
  }

  @Test func atLeastOnePassesWithOneFieldGiven() throws {
    var driver = Self.flow(Self.contactFields, rules: [Self.contact])
    try driver.next([("email", .text("finder@example.com"))])
    #expect(driver.stepId == "summary")
  }

  @Test func ruleErrorCarriesTheFilesMessageInTheSessionsLanguageAndItsId() throws {
    var driver = Self.flow(Self.contactFields, rules: [Self.contact])
    driver.context.language = .pl
    try driver.next()
    let error = try #require(driver.flow.errors["phone"])
    #expect(error.message(in: .pl) == "Enter a phone number or an email address (pl)")
    #expect(error.code == "rule.contact")
    #expect(error.params.first == FieldError.Param("rule", .string("contact")))
  }

  @Test func ruleIsNotJudgedWhileANamedFieldHasItsOwnError() throws {
    var driver = Self.flow(Self.contactFields, rules: [Self.contact])
    try driver.next([("phone", .text("123"))])
    #expect(driver.errorCodes == ["phone": "phone.tooShort"])
  }

  @Test func ruleErrorGoesUnderItsField() throws {
    let onEmail = StepRule(
      id: "contact", message: Self.text("Either"), field: "email",
      check: .atLeastOne(["phone", "email"]))
    var driver = Self.flow(Self.contactFields, rules: [onEmail])
    try driver.next()
    #expect(driver.errorCodes == ["email": "rule.contact"])
  }

  @Test func ruleIsJudgedOnlyWhereItsConditionHolds() throws {
    let fields =
      Self.contactFields + [FieldDefinition("anonymous", .text, label: Self.text("Anonymous"))]
    let unlessAnonymous = StepRule(
      id: "contact", message: Self.text("Either"), when: .absent(field: "anonymous"),
      check: .atLeastOne(["phone", "email"]))
    var driver = Self.flow(fields, rules: [unlessAnonymous])
    try driver.next([("anonymous", .text("yes"))])
    #expect(driver.stepId == "summary")
  }

  @Test func firstFailingRuleForAFieldWins() throws {
    let second = StepRule(
      id: "second", message: Self.text("Second"), field: "phone",
      check: .atLeastOne(["email"]))
    var driver = Self.flow(Self.contactFields, rules: [Self.contact, second])
    try driver.next()
    #expect(driver.errorCodes == ["phone": "rule.contact"])
  }

  @Test func compareFailsWhenTheOrderIsWrong() throws {
    var driver = Self.flow(Self.dateFields, rules: [Self.order])
    try driver.next([("firstSeen", .text("2026-11-20")), ("lastSeen", .text("2026-11-19"))])
    #expect(driver.errorCodes == ["lastSeen": "rule.order"])
  }

  @Test func compareHoldsForEqualDates() throws {
    var driver = Self.flow(Self.dateFields, rules: [Self.order])
    try driver.next([("firstSeen", .text("2026-11-20")), ("lastSeen", .text("2026-11-20"))])
    #expect(driver.stepId == "summary")
  }

  @Test func compareWithAnEmptySideIsNotJudged() throws {
    var driver = Self.flow(Self.dateFields, rules: [Self.order])
    try driver.next([("lastSeen", .text("2026-11-19"))])
    #expect(driver.stepId == "summary")
  }

  @Test func compareWithTodayUsesTheSessionsToday() throws {
    let beforeToday = StepRule(
      id: "past", message: Self.text("Before today"),
      check: .compare(left: "lastSeen", op: .less, right: .today))
    var driver = Self.flow(Self.dateFields, rules: [beforeToday])
    try driver.next([("lastSeen", .text("2026-11-22"))])
    #expect(driver.errorCodes == ["lastSeen": "rule.past"])
    try driver.next([("lastSeen", .text("2026-11-21"))])
    #expect(driver.stepId == "summary")
  }

  @Test func numbersCompareByValueNotByHowTheyAreWritten() throws {
    let fields = [
      FieldDefinition("south", .latitude, label: Self.text("South")),
      FieldDefinition("north", .latitude, label: Self.text("North")),
    ]
    let ordered = StepRule(
      id: "ordered", message: Self.text("North of south"),
      check: .compare(left: "north", op: .greater, right: .field("south")))
    var driver = Self.flow(fields, rules: [ordered])
    try driver.next([("south", .text("9.5")), ("north", .text("10.25"))])
    #expect(driver.stepId == "summary")
  }

  @Test func compareWithALiteral() throws {
    let fields = [FieldDefinition("age", .age, label: Self.text("Age"))]
    let adult = StepRule(
      id: "adult", message: Self.text("An adult"),
      check: .compare(left: "age", op: .greaterOrEqual, right: .value(.integer(1))))
    var driver = Self.flow(fields, rules: [adult])
    try driver.next([("age", .text("0"))])
    #expect(driver.errorCodes == ["age": "rule.adult"])
  }

  @Test func validateAnswersARuleErrorForAFieldAsked() throws {
    let driver = Self.flow(Self.contactFields, rules: [Self.contact])
    #expect(try driver.validate([]).mapValues(\.code) == ["phone": "rule.contact"])
    #expect(try driver.validate([], only: ["email"]).isEmpty)
  }

  // MARK: conditional required

  static let movingFields = [
    FieldDefinition(
      "moving", .choice, label: text("Moving?"),
      options: FieldOptions(
        required: true,
        choices: [
          FieldOption(id: "yes", label: text("Yes")), FieldOption(id: "no", label: text("No")),
        ])),
    FieldDefinition(
      "injury", .text, label: text("Where is it hurt?"),
      requiredWhen: .equals(field: "moving", .string("no"))),
  ]

  @Test func fieldIsRequiredWhereItsConditionHolds() throws {
    var driver = Self.flow(Self.movingFields, rules: [])
    try driver.next([("moving", .text("no"))])
    #expect(driver.errorCodes == ["injury": "text.required"])
  }

  @Test func fieldIsOptionalWhereItsConditionDoesNotHold() throws {
    var driver = Self.flow(Self.movingFields, rules: [])
    try driver.next([("moving", .text("yes"))])
    #expect(driver.stepId == "summary")
  }

  @Test func isRequiredFollowsTheCurrentValues() throws {
    var driver = Self.flow(Self.movingFields, rules: [])
    let injury = try #require(driver.flow.definition.position(of: "injury"))
    #expect(!driver.flow.isRequired(injury))
    try driver.update([("moving", .text("no"))])
    #expect(driver.flow.isRequired(injury))
  }
}
