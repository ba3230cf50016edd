// The reader's list of Nd digit runs agrees with the standard library's Unicode data.
@_spi(Engine) import PetFlowCore
import Testing

@Suite struct DecimalDigitReaderTests {
  @Test func readerAgreesWithScalarPropertiesForEveryScalar() {
    var reader = DecimalDigitReader()
    var disagreements: [UInt32] = []
    // Walk in an order that moves between scripts, so the remembered run is exercised too.
    for value in stride(from: UInt32(0), through: 0x10FFFF, by: 1) {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let properties = scalar.properties
      var expected: UInt8?
      if properties.numericType == .decimal, let numeric = properties.numericValue {
        expected = UInt8(ascii: "0") + UInt8(numeric)
      }
      if reader.asciiDigit(scalar) != expected { disagreements.append(value) }
      if value % 7 == 0, reader.asciiDigit("5") != UInt8(ascii: "5") { disagreements.append(0x35) }
    }
    #expect(
      disagreements.isEmpty, "update DecimalDigitReader.zeros for \(disagreements.prefix(20))")
  }

  @Test func zerosAreAscending() {
    #expect(DecimalDigitReader.zeros == DecimalDigitReader.zeros.sorted())
  }
}
