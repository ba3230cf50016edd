// What a flow narrows of a kind (FieldLimits; a text's maxLength stays the cap that cuts) and the
// words it gives a field's errors: judged in the flow, the kind's own rules still first.
import PetFlowCore
import Testing

@Suite struct FieldLimitsTests {
  static func text(_ en: String) -> LocalizedText { LocalizedText(en: en, pl: en + " (pl)") }

  /// A one-step flow of one field, narrowed by `limits`.
  static func flow(
    _ kind: FieldKind, limits: FieldLimits? = nil, maxLength: Int64? = nil,
    messages: [String: LocalizedText] = [:]
  ) -> FlowDefinition {
    var field = FieldDefinition(
      "answer", kind, label: text("Answer"), options: FieldOptions(maxLength: maxLength))
    field.limits = limits
    field.messages = messages
    return FlowDefinition(
      id: "narrowed", version: 1,
      steps: [StepDefinition(id: "only", title: text("Only"), fields: [field])],
      payload: [PayloadEntry("answer", from: "answer")])
  }

  static func error(_ definition: FlowDefinition, _ input: FieldInput) throws -> FieldError? {
    try FlowDriver(definition).validate([("answer", input)])["answer"]
  }

  static func photo(_ type: String, size: Int64? = nil) -> FieldInput {
    .photo(PhotoMetadata(uri: "content://7", mimeType: type, sizeBytes: size))
  }

  static let jpegOnly = flow(.photo, limits: FieldLimits(accept: ["image/jpeg"], maxBytes: 1000))

  @Test func aPhotoOfATypeNotAcceptedIsPhotoTypeNamingTheAcceptedTypes() throws {
    let error = try Self.error(Self.jpegOnly, Self.photo("image/png"))
    #expect(error?.code == "photo.type")
    #expect(error?.params == [FieldError.Param("accept", .strings(["image/jpeg"]))])
  }

  @Test func anAcceptedTypeMatchesInAnyCase() throws {
    #expect(try Self.error(Self.jpegOnly, Self.photo("IMAGE/JPEG")) == nil)
  }

  @Test func aPhotoOverMaxBytesIsTooLargeWithTheLimit() throws {
    let error = try Self.error(Self.jpegOnly, Self.photo("image/jpeg", size: 1001))
    #expect(error?.code == "photo.tooLarge")
    #expect(error?.params == [FieldError.Param("max", .int(1000))])
  }

  @Test func aPhotoWithoutItsSizeIsNotJudgedBySize() throws {
    #expect(try Self.error(Self.jpegOnly, Self.photo("image/jpeg")) == nil)
  }

  @Test func theKindsOwnRuleComesFirst() throws {
    #expect(try Self.error(Self.jpegOnly, Self.photo("text/plain"))?.code == "photo.invalid")
  }

  @Test func aDateBeforeNotBeforeIsTooEarlyNamingTheDay() throws {
    let definition = Self.flow(.date, limits: FieldLimits(notBefore: DateBound("2026-01-01")))
    let error = try Self.error(definition, .text("2025-12-31"))
    #expect(error?.code == "date.tooEarly")
    #expect(error?.params == [FieldError.Param("notBefore", .string("2026-01-01"))])
    #expect(try Self.error(definition, .text("2026-01-01")) == nil)
  }

  @Test func aDateAfterNotAfterIsTooLate() throws {
    let definition = Self.flow(.date, limits: FieldLimits(notAfter: DateBound("2026-06-30")))
    let error = try Self.error(definition, .text("2026-07-01"))
    #expect(error?.code == "date.tooLate")
    #expect(error?.params == [FieldError.Param("notAfter", .string("2026-06-30"))])
  }

  @Test func aBoundOfTodayIsTheSessionsDayAndAStoredDateFailsWhenTheDayMoves() throws {
    var driver = FlowDriver(Self.flow(.date, limits: FieldLimits(notBefore: .today)))
    #expect(
      try driver.validate([("answer", .text("2026-11-21"))])["answer"]?.code == "date.tooEarly")
    try driver.update([("answer", .text("2026-11-22"))])
    #expect(try driver.validate([])["answer"] == nil)
    driver.context.today = day("2026-11-23")
    let error = try driver.validate([])["answer"]
    #expect(error?.params == [FieldError.Param("notBefore", .string("2026-11-23"))])
  }

  @Test func anAgeOutsideTheFieldsYearsIsOutOfRangeWithItsBounds() throws {
    let definition = Self.flow(.age, limits: FieldLimits(min: 1, max: 25))
    for years in ["0", "26"] {
      let error = try Self.error(definition, .text(years))
      #expect(error?.code == "age.outOfRange")
      #expect(
        error?.params == [FieldError.Param("min", .int(1)), FieldError.Param("max", .int(25))])
    }
    #expect(try Self.error(definition, .text("25")) == nil)
  }

  @Test func aWholeTextPastMaxLengthIsStillCutWithoutError() throws {
    var driver = FlowDriver(Self.flow(.text, maxLength: 5))
    try driver.update([("answer", .text("abcdef"))])
    #expect(driver.flow.values["answer"] == .string("abcde"))
    #expect(try driver.validate([])["answer"] == nil)
  }

  @Test func aValueALimitRefusesIsKeptAsARejectedInput() throws {
    var driver = FlowDriver(Self.flow(.age, limits: FieldLimits(max: 10)))
    try driver.next([("answer", .text("12"))])
    #expect(driver.stepId == "only")
    #expect(driver.flow.rejected["answer"] == .text("12"))
    #expect(driver.flow.values["answer"] == nil)
    #expect(driver.errorCodes["answer"] == "age.outOfRange")
  }

  @Test func theFieldMethodsKindKeepsItsOwnLimits() {
    #expect(FieldKind.age.read(.text("30")).value == .integer(30))
  }

  @Test func aFieldsMessageReplacesTheKindsKeepingCodeAndParams() throws {
    let definition = Self.flow(
      .age, limits: FieldLimits(max: 5),
      messages: ["age.outOfRange": Self.text("From {min} to {max}, please")])
    let error = try #require(try Self.error(definition, .text("6")))
    let field = definition.fields[0]
    #expect(field.message(of: error, in: .en) == "From 0 to 5, please")
    #expect(field.message(of: error, in: .pl) == "From 0 to 5, please (pl)")
    #expect(error.message(in: .en) == "Age must be between 0 and 5")
  }

  @Test func aFieldWithoutItsOwnMessageKeepsTheKinds() throws {
    let definition = Self.flow(
      .age, limits: FieldLimits(max: 5), messages: ["age.required": Self.text("Say")])
    let error = try #require(try Self.error(definition, .text("6")))
    #expect(definition.fields[0].message(of: error, in: .en) == "Age must be between 0 and 5")
  }

  @Test func aFieldsHintReplacesTheKinds() {
    var field = FieldDefinition("answer", .date, label: Self.text("When"))
    #expect(field.hint(in: .en) == FieldKind.date.hint(in: .en))
    field.hint = Self.text("The day you saw it")
    #expect(field.hint(in: .en) == "The day you saw it")
  }

  @Test func aConstantIsSubmittedBesideTheAnswers() throws {
    let definition = FlowDefinition(
      id: "constant", version: 1,
      steps: [StepDefinition(id: "only", title: Self.text("Only"), fields: [])],
      payload: [PayloadEntry("reportType", constant: .string("injuredAnimal"))])
    var driver = FlowDriver(definition)
    guard case .submitted(let payload) = try driver.next() else {
      Issue.record("not submitted")
      return
    }
    #expect(payload.map(\.path) == [["reportType"]])
    #expect(payload.first?.constant == .string("injuredAnimal"))
  }
}
