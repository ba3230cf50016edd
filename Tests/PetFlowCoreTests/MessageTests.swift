// Every error code has an English and a Polish message, placeholders filled from params;
// labels and placeholders in both languages.
@_spi(Engine) import PetFlowCore
import Testing

@Suite struct MessageTests {
  /// Params for every placeholder any message uses.
  let allParams = [
    FieldError.Param("min", .int(-90)), FieldError.Param("max", .int(90)),
    FieldError.Param("allowed", .strings(["dog", "cat"])), FieldError.Param("year", .int(2025)),
    FieldError.Param("month", .month(2)), FieldError.Param("days", .int(28)),
    FieldError.Param("accept", .strings(["image/jpeg"])),
    FieldError.Param("notBefore", .string("2026-01-01")),
    FieldError.Param("notAfter", .string("2026-12-31")),
  ]

  @Test(arguments: ErrorCode.allCases, Language.shipped)
  func everyCodeHasAMessageInEveryLanguage(code: ErrorCode, language: Language) {
    let message = FieldError(code, allParams).message(in: language)
    #expect(message != code.rawValue)
    #expect(!message.contains("{"))
  }

  @Test(arguments: ErrorCode.allCases)
  func polishDiffersFromEnglish(code: ErrorCode) {
    let error = FieldError(code, allParams)
    #expect(error.message(in: .pl) != error.message(in: .en))
  }

  @Test(
    "Polish messages",
    arguments: [
      (FieldKind.phone, FieldInput.text("123"), "Wpisz co najmniej 7 cyfr"),
      (.email, .text("a@b"), "Wpisz poprawny adres e-mail"),
      (.latitude, .null, "Uzupełnij szerokość geograficzną"),
      (.longitude, .null, "Uzupełnij długość geograficzną"),
      (.latitude, .text("91"), "Szerokość geograficzna musi mieścić się w przedziale od -90 do 90"),
      (
        .longitude, .text("181"),
        "Długość geograficzna musi mieścić się w przedziale od -180 do 180"
      ),
      (.age, .text("41"), "Wiek musi mieścić się w przedziale od 0 do 40"),
      (.photo, .null, "Zdjęcie jest wymagane"),
      (.species, .null, "Wybierz gatunek"),
      (.gender, .null, "Wybierz płeć"),
      (.date, .text("2026-13-01"), "Wpisz prawdziwą datę, na przykład 2025-11-20 lub 20.11.2025"),
      (.date, .text("2026-02-30"), "Luty 2026 ma 28 dni"),
      (.date, .text("2027-01-01"), "Data nie może być późniejsza niż dzisiejsza"),
    ])
  func polishMessage(kind: FieldKind, input: FieldInput, message: String) {
    let error = kind.read(input, options: FieldOptions(required: true)).error
    #expect(error?.message(in: .pl) == message)
  }

  @Test func unknownPlaceholderStaysAsWritten() {
    let error = FieldError(.phoneTooShort, [FieldError.Param("other", .int(1))])
    #expect(error.message(in: .en) == "Enter at least {min} digits")
  }

  @Test func aMonthParameterReadsAsTheMonthsNameAndAnyOtherNumberAsItself() {
    let params = [
      FieldError.Param("month", .month(13)), FieldError.Param("year", .int(2025)),
      FieldError.Param("days", .int(28)),
    ]
    #expect(FieldError(.dateNoSuchDay, params).message(in: .en) == "13 2025 has 28 days")
  }

  @Test func theMessageForAnAddressPartIsChosenByItsParameter() {
    let local = FieldError(
      .emailTooLong,
      [FieldError.Param("max", .int(64)), FieldError.Param("part", .string("local"))])
    let address = FieldError(
      .emailTooLong,
      [FieldError.Param("max", .int(254)), FieldError.Param("part", .string("address"))])
    #expect(local.message(in: .en) == "The part before @ has at most 64 characters")
    #expect(address.message(in: .pl) == "Adres e-mail może mieć najwyżej 254 znaki")
  }

  @Test func labelsAreLocalized() {
    #expect(FieldKind.chipNumber.label(in: .en) == "Microchip number")
    #expect(FieldKind.chipNumber.label(in: .pl) == "Numer mikroczipa")
    #expect(FieldKind.latitude.label(in: .pl) == "Szerokość geograficzna")
  }

  @Test(arguments: FieldKind.allCases)
  func everyKindHasALabelInEachLanguage(kind: FieldKind) {
    #expect(!kind.label(in: .en).isEmpty)
    #expect(kind.label(in: .pl) != kind.label(in: .en) || kind == .text)
  }

  @Test func datePlaceholderSpeaksTheLocale() {
    #expect(FieldKind.date.placeholder(in: .en) == "YYYY-MM-DD")
    #expect(FieldKind.date.placeholder(in: .pl) == "RRRR-MM-DD")
    #expect(FieldKind.chipNumber.placeholder(in: .pl) == "00000-00000-00000")
  }
}
