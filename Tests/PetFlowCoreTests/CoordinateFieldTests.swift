// Latitude and longitude: a number of degrees with a sign or a hemisphere letter, rounded to six
// decimals, within range; typing keeps what is typed.
@_spi(Engine) import PetFlowCore
import Testing

@Suite struct CoordinateFieldTests {
  let latitude = FieldKind.latitude
  let longitude = FieldKind.longitude

  @Test(
    "A whole text and its JSON-number value",
    arguments: [
      ("52.2297", "52.2297"), ("52,2297", "52.2297"), ("-0.5", "-0.5"), ("12.", "12"),
      (".5", "0.5"), ("-0", "0"), ("-0.000", "0.000"), ("007.5", "7.5"), ("52.2300", "52.2300"),
      (" 52.1 ", "52.1"), ("٥٢٫٢", "52.2"), ("−52.1", "-52.1"), ("0052.2297", "52.2297"),
    ])
  func wholeText(input: String, value: String) {
    let result = latitude.read(.text(input))
    #expect(result.value == .decimal(value))
    #expect(result.error == nil)
  }

  @Test(
    "A hemisphere letter after the number is its sign, in any case, with or without a degree sign",
    arguments: [
      (FieldKind.latitude, "52.2297 N", "52.2297"), (.latitude, "52.2297° S", "-52.2297"),
      (.latitude, "33.8688s", "-33.8688"), (.longitude, "21.0122 w", "-21.0122"),
      (.longitude, "21.0122°E", "21.0122"), (.latitude, "52.2297°", "52.2297"),
    ])
  func hemisphereLetterIsTheSign(kind: FieldKind, input: String, value: String) {
    let result = kind.read(.text(input))
    #expect(result.value == .decimal(value))
    #expect(result.error == nil)
  }

  @Test(
    "A letter of the other axis, a letter with a minus, or degrees-minutes-seconds is invalid",
    arguments: ["52.2297 E", "-52.2297 S", "52°13'47\" N", "N 52.1", "52.1 NS", "52.1 X"])
  func hemisphereMisusedIsInvalid(input: String) {
    let result = latitude.read(.text(input))
    #expect(result.value == nil)
    #expect(result.error?.code == "latitude.invalid")
  }

  @Test(
    "Anything but a number is invalid, never read as another",
    arguments: ["1e5", "1.2.3", "N 52.1°", "5-2", "-", ".", "-.", "+52", "--1", "52.1 🐶"])
  func notAPlainNumberIsInvalid(input: String) {
    let result = latitude.read(.text(input))
    #expect(result.value == nil)
    #expect(result.error?.code == "latitude.invalid")
    #expect(longitude.read(.text(input)).error?.code == "longitude.invalid")
  }

  @Test(arguments: ["", "   "])
  func blankMeansNoValue(input: String) {
    let result = latitude.read(.text(input))
    #expect(result.value == nil)
    #expect(result.error == nil)
  }

  @Test func blankRequiredFieldAsksToFillIn() {
    let error = latitude.read(.text(""), options: FieldOptions(required: true)).error
    #expect(error?.code == "latitude.required")
    #expect(error?.message(in: .en) == "Fill in latitude")
  }

  @Test func requiredEmptyLongitudeAsksToFillIn() {
    let error = longitude.read(.null, options: FieldOptions(required: true)).error
    #expect(error?.message(in: .en) == "Fill in longitude")
  }

  @Test(
    "Decimals past the sixth are rounded, half away from zero",
    arguments: [
      ("12.3456789", "12.345679"), ("12.3456784", "12.345678"), ("12.3456785", "12.345679"),
      ("-0.0000005", "-0.000001"), ("-0.0000004", "0.000000"), ("89.9999999", "90.000000"),
    ])
  func seventhDecimalIsRounded(input: String, value: String) {
    let result = latitude.read(.text(input))
    #expect(result.value == .decimal(value))
    #expect(result.error == nil)
  }

  @Test func roundingPastTheRangeIsStillOutOfRange() {
    #expect(latitude.read(.text("90.0000006")).error?.code == "latitude.outOfRange")
  }

  @Test(arguments: ["1000", "1234", "-1000.5", "1 000"])
  func extraIntegerDigitsAreOutOfRangeNeverCut(input: String) {
    let result = longitude.read(.text(input))
    #expect(result.value == nil)
    #expect(result.error?.code == "longitude.outOfRange")
    #expect(latitude.read(.text(input)).error?.code == "latitude.outOfRange")
  }

  @Test(
    "Latitude range -90...90",
    arguments: [
      ("90", true), ("-90", true), ("90.000000", true), ("0", true), ("90.000001", false),
      ("-90.5", false), ("91", false), ("123", false),
    ])
  func latitudeRange(input: String, valid: Bool) {
    let error = latitude.read(.text(input)).error
    #expect(error == nil ? valid : error?.code == "latitude.outOfRange" && !valid)
  }

  @Test(
    "Longitude range -180...180",
    arguments: [
      ("180", true), ("-180", true), ("179.999999", true), ("180.000001", false),
      ("-181", false), ("999", false),
    ])
  func longitudeRange(input: String, valid: Bool) {
    let error = longitude.read(.text(input)).error
    #expect(error == nil ? valid : error?.code == "longitude.outOfRange" && !valid)
  }

  @Test func outOfRangeMessagesAndParameters() {
    let latitudeError = latitude.read(.text("91")).error
    #expect(latitudeError?.message(in: .en) == "Latitude must be between -90 and 90")
    #expect(
      latitudeError?.params == [
        FieldError.Param("min", .int(-90)), FieldError.Param("max", .int(90)),
      ])
    let longitudeError = longitude.read(.text("181")).error
    #expect(longitudeError?.message(in: .en) == "Longitude must be between -180 and 180")
  }

  @Test(
    "JSON number inputs",
    arguments: [
      ("52.2297", "52.2297"), ("-0", "0"), ("40.0", "40.0"), ("1e1", "10"), ("1.5E1", "15"),
      ("25e-1", "2.5"), ("-0.0", "0.0"), ("0e999999999", "0"), ("5.20", "5.20"),
    ])
  func numberInput(number: String, value: String) {
    let result = latitude.read(.number(number))
    #expect(result.value == .decimal(value))
    #expect(latitude.display(of: .decimal(value)) == value)
  }

  @Test func numberWithTooManyDecimalsIsRounded() {
    #expect(latitude.read(.number("1e-7")).value == .decimal("0.000000"))
    #expect(latitude.read(.number("52.12345678")).value == .decimal("52.123457"))
  }

  @Test func hugeNumberIsOutOfRangeWithoutValue() {
    let result = latitude.read(.number("1e999999999"))
    #expect(result.value == nil)
    #expect(result.error?.code == "latitude.outOfRange")
  }

  @Test func numberAboveRangeHasNoValue() {
    let result = latitude.read(.number("1e2"))
    #expect(result.value == nil)
    #expect(result.error?.code == "latitude.outOfRange")
    #expect(longitude.read(.number("1e2")).value == .decimal("100"))
  }

  @Test func deletingThePointKeepsTheDigitsAndJudgesThem() {
    let result = latitude.edit("12.|345678", .deleteBackward)
    #expect(!result.rejected)
    #expect(result.marked == "12|345678")
    #expect(result.value == nil)
    #expect(result.error?.code == "latitude.outOfRange")
  }

  @Test func typingASecondPointKeepsItAndSaysItIsInvalid() {
    let result = latitude.edit("12|.5", .insert("."))
    #expect(result.marked == "12.|.5")
    #expect(result.error?.code == "latitude.invalid")
  }

  @Test func typingMinusInFrontIsAccepted() {
    #expect(latitude.edit("|52.1", .insert("-")).marked == "-|52.1")
  }

  @Test func typingCommaBecomesPoint() {
    #expect(longitude.edit("21|", .insert(",")).marked == "21.|")
  }

  @Test func typingAnEighthDecimalKeepsItAndRoundsTheValue() {
    let result = latitude.edit("52.1234567|", .insert("8"))
    #expect(result.marked == "52.12345678|")
    #expect(result.value == .decimal("52.123457"))
  }

  @Test func typingALetterKeepsIt() {
    let result = latitude.edit("12|", .insert("a"))
    #expect(result.marked == "12a|")
    #expect(result.error?.code == "latitude.invalid")
  }

  @Test func pastingTwoCoordinatesKeepsBothAndSaysItIsInvalid() {
    let result = latitude.edit("|", .insert("52.2297, 21.0122"))
    #expect(result.marked == "52.2297.21.0122|")
    #expect(result.value == nil)
    #expect(result.error?.code == "latitude.invalid")
    #expect(!result.dropped && !result.truncated)
  }
}
