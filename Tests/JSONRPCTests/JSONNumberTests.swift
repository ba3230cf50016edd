import JSONRPC
import Testing

/// Numbers keep the text they were written with, and answer exact questions about it.
struct JSONNumberTests {
  @Test(arguments: [
    "12345678901234567890", "-1e400", "1.5", "-0", "1e400", "1E+2", "1.5e-3", "0.10", "-0.0",
    "100e-2", "123456789012345678901234567890.123456789e-30",
  ])
  func numberRoundTripsByteForByteThroughReaderAndWriter(text: String) throws {
    let parsed = try JSONReader.parse(Array(text.utf8))
    #expect(written(parsed) == Array(text.utf8))
  }

  @Test func numberInsideContainersRoundTripsByteForByte() throws {
    let text = #"{"id":12345678901234567890,"values":[-1e400,1.5,-0,1E+2]}"#
    let parsed = try JSONReader.parse(Array(text.utf8))
    #expect(written(parsed) == Array(text.utf8))
  }

  @Test func numbersWithDifferentTextAreNotEqual() {
    #expect(number("1") != number("1.0"))
    #expect(number("1e2") != number("100"))
  }

  @Test(arguments: [
    ("0", 0), ("-0", 0), ("7", 7), ("-7", -7), ("7.0", 7), ("7e0", 7), ("70e-1", 7),
    ("0.7e1", 7), ("1E+2", 100), ("-0.0", 0), ("0e400", 0),
    ("9223372036854775807", Int.max), ("-9223372036854775808", Int.min),
    ("9.223372036854775807e18", Int.max), ("-9223372036854775808.000", Int.min),
    // Beyond 2^53 a double cannot hold these exactly: the answer must still be exact.
    ("9007199254740993e0", 9_007_199_254_740_993), ("9007199254740993.0", 9_007_199_254_740_993),
  ])
  func intValueAnswersWholeNumbersThatFit(text: String, expected: Int) throws {
    #expect(try #require(number(text)).intValue == expected)
  }

  @Test(arguments: [
    "1.5", "-0.5", "1e-1", "1e400", "-1e400", "9223372036854775808", "-9223372036854775809",
    "12345678901234567890", "1e19", "1e-400", "9007199254740993.5",
  ])
  func intValueIsNilForFractionsAndNumbersBeyondInt(text: String) throws {
    #expect(try #require(number(text)).intValue == nil)
  }

  @Test(arguments: [
    "0", "-0", "1", "1.0", "1.50e1", "100e-2", "1e400", "-1e400", "12345678901234567890",
    "1.5e400", "0.0e-400", "1e99999999999999999999",
  ])
  func isWholeHoldsForWholeNumbersHoweverLarge(text: String) throws {
    #expect(try #require(number(text)).isWhole)
  }

  @Test(arguments: [
    "1.5", "-0.5", "0.1", "1e-1", "150e-2", "1e-400", "9007199254740993.5",
    "12345678901234567890.5", "1e-99999999999999999999",
  ])
  func isWholeFailsForFractionsHoweverSmall(text: String) throws {
    #expect(try #require(number(text)).isWhole == false)
  }

  @Test(arguments: ["-1", "-0.5", "-1e400", "-1e-400", "-12345678901234567890"])
  func isNegativeHoldsBelowZero(text: String) throws {
    #expect(try #require(number(text)).isNegative)
  }

  @Test(arguments: ["0", "-0", "-0.0", "-0e5", "1", "1e400", "1e-400"])
  func isNegativeFailsForZeroAndAbove(text: String) throws {
    #expect(try #require(number(text)).isNegative == false)
  }

  @Test(arguments: [Int.min, -1, 0, 1, Int.max])
  func integerInitialiserWritesDecimalText(value: Int) {
    #expect(JSONNumber(value).text == String(value))
  }

  @Test(arguments: [
    "0", "-0", "1.5", "-12.50e-3", "1e400", "0.10", "123e+2", "-9E-7",
  ])
  func partsSpellTheNumberTheyWereReadFrom(text: String) throws {
    let number = try #require(JSONNumber(text: text))
    let respelled = JSONNumber(number.parts)
    #expect(respelled.parts == number.parts)
    // The same number, spelled canonically: `e` lower case, no `+`, no zeros before digits.
    #expect(respelled.text == String(text.filter { $0 != "+" }).lowercased())
  }

  @Test(arguments: ["", "-", "01", "1.", ".5", "1e", "1e+", "+1", "1.5.2", "0x10", " 1", "1 "])
  func textThatIsNoJSONNumberIsRefused(text: String) {
    #expect(JSONNumber(text: text) == nil)
  }
}
