// Latitude and longitude: sign, at most 3 integer digits, one point, at most 6 decimals, a range.
import PetFlowKit
import Testing

@Suite struct CoordinateFieldTests {
  let latitude = FieldKind.latitude
  let longitude = FieldKind.longitude

  @Test(
    "Typed text and its JSON-number value",
    arguments: [
      ("52.2297", "52.2297", "52.2297"),
      ("52,2297", "52.2297", "52.2297"),
      ("-0.5", "-0.5", "-0.5"),
      ("12.", "12.", "12"),
      (".5", ".5", "0.5"),
      ("-0", "-0", "0"),
      ("-0.000", "-0.000", "0.000"),
      ("007.5", "007.5", "7.5"),
      ("52.2300", "52.2300", "52.2300"),
      ("1.2.3", "1.23", "1.23"),
      ("5-2", "52", "52"),
      ("N 52.1°", "52.1", "52.1"),
    ])
  func typedText(input: String, display: String, value: String) {
    let result = latitude.normalize(.text(input))
    #expect(result.display == display)
    #expect(result.value == .decimal(value))
  }

  @Test(arguments: ["-", ".", "-.", ""])
  func noDigitMeansNoValue(input: String) {
    let result = latitude.normalize(.text(input))
    #expect(result.value == nil)
    #expect(result.error == nil)
  }

  @Test func loneMinusInRequiredFieldAsksToFillIn() {
    let error = latitude.normalize(.text("-"), options: FieldOptions(required: true)).error
    #expect(error?.code == "latitude.required")
    #expect(error?.message(in: .en) == "Fill in latitude")
  }

  @Test func requiredEmptyLongitudeAsksToFillIn() {
    let error = longitude.normalize(.null, options: FieldOptions(required: true)).error
    #expect(error?.message(in: .en) == "Fill in longitude")
  }

  @Test func seventhDecimalIsTruncated() {
    let result = latitude.normalize(.text("12.3456789"))
    #expect(result.value == .decimal("12.345678"))
    #expect(result.truncated)
  }

  @Test func fourthIntegerDigitIsTruncated() {
    let result = longitude.normalize(.text("1234"))
    #expect(result.value == .decimal("123"))
    #expect(result.truncated)
  }

  @Test(
    "Latitude range -90...90",
    arguments: [
      ("90", true), ("-90", true), ("90.000000", true), ("0", true), ("90.000001", false),
      ("-90.5", false), ("91", false), ("123", false),
    ])
  func latitudeRange(input: String, valid: Bool) {
    let error = latitude.normalize(.text(input)).error
    #expect(error == nil ? valid : error?.code == "latitude.outOfRange" && !valid)
  }

  @Test(
    "Longitude range -180...180",
    arguments: [
      ("180", true), ("-180", true), ("179.999999", true), ("180.000001", false),
      ("-181", false), ("999", false),
    ])
  func longitudeRange(input: String, valid: Bool) {
    let error = longitude.normalize(.text(input)).error
    #expect(error == nil ? valid : error?.code == "longitude.outOfRange" && !valid)
  }

  @Test func outOfRangeMessagesAndParameters() {
    let latitudeError = latitude.normalize(.text("91")).error
    #expect(latitudeError?.message(in: .en) == "Latitude must be between -90 and 90")
    #expect(
      latitudeError?.params == [
        FieldError.Param("min", .int(-90)), FieldError.Param("max", .int(90)),
      ])
    let longitudeError = longitude.normalize(.text("181")).error
    #expect(longitudeError?.message(in: .en) == "Longitude must be between -180 and 180")
  }

  @Test(
    "JSON number inputs",
    arguments: [
      ("52.2297", "52.2297"), ("-0", "0"), ("40.0", "40.0"), ("1e1", "10"), ("1.5E1", "15"),
      ("25e-1", "2.5"), ("-0.0", "0.0"), ("0e999999999", "0"), ("5.20", "5.20"),
    ])
  func numberInput(number: String, value: String) {
    let result = latitude.normalize(.number(number))
    #expect(result.value == .decimal(value))
    #expect(result.display == value)
    #expect(!result.truncated)
  }

  @Test func numberWithTooManyDecimalsIsTruncated() {
    let result = latitude.normalize(.number("1e-7"))
    #expect(result.value == .decimal("0.000000"))
    #expect(result.truncated)
  }

  @Test func hugeNumberIsOutOfRangeWithoutValue() {
    let result = latitude.normalize(.number("1e999999999"))
    #expect(result.value == nil)
    #expect(result.error?.code == "latitude.outOfRange")
  }

  @Test func numberAboveRangeKeepsItsValue() {
    let result = latitude.normalize(.number("1e2"))
    #expect(result.value == .decimal("100"))
    #expect(result.error?.code == "latitude.outOfRange")
    #expect(longitude.normalize(.number("1e2")).error == nil)
  }

  @Test(arguments: ["", "-", "1.", ".5", "1e", "1e+", "abc", "0x10", "1 "])
  func malformedNumberIsWrongType(number: String) {
    #expect(latitude.normalize(.number(number)).error?.code == "field.invalid")
  }

  @Test func deletingPointThatWouldJoinTooManyIntegerDigitsIsRejected() {
    let result = latitude.edit("12.|345678", .deleteBackward)
    #expect(result.rejected)
    #expect(result.marked == "12.|345678")
  }

  @Test func typingSecondPointIsRejected() {
    let result = latitude.edit("12|.5", .insert("."))
    #expect(result.rejected)
    #expect(result.marked == "12|.5")
  }

  @Test func typingMinusInFrontIsAccepted() {
    #expect(latitude.edit("|52.1", .insert("-")).marked == "-|52.1")
  }

  @Test func typingCommaBecomesPoint() {
    #expect(longitude.edit("21|", .insert(",")).marked == "21.|")
  }

  @Test func pastingTwoCoordinatesKeepsTheFirst() {
    let result = latitude.edit("|", .insert("52.2297, 21.0122"))
    #expect(result.marked == "52.2297|")
    #expect(result.dropped)
    #expect(!result.truncated)
  }
}
