// Reading whole values, checking stored ones and displaying them: wrong types, canonical values,
// round trips.
@_spi(Engine) import PetFlowCore
import Testing

@Suite struct ValueTests {
  @Test(arguments: FieldKind.allCases, [true, false])
  func boolIsWrongTypeForEveryKind(kind: FieldKind, flag: Bool) {
    let result = kind.read(.bool(flag))
    #expect(result.value == nil)
    #expect(result.error?.code == "field.invalid")
  }

  @Test(arguments: FieldKind.allCases)
  func nullIsEmptyForEveryKind(kind: FieldKind) {
    #expect(kind.read(.null).value == nil)
    #expect(kind.read(.null).error == nil)
    #expect(kind.read(.null, options: FieldOptions(required: true)).error != nil)
  }

  @Test(arguments: FieldKind.allCases.filter { $0 != .photo })
  func photoIsWrongTypeForTextKinds(kind: FieldKind) {
    let picture = PhotoMetadata(uri: "file:///a.png", mimeType: "image/png")
    #expect(kind.read(.photo(picture)).error?.code == "field.invalid")
  }

  /// Every kind but those whose values are numbers (protocol.md's kind table): a new kind is
  /// held to it unless it says otherwise here.
  @Test(arguments: FieldKind.allCases.filter { ![.latitude, .longitude, .age].contains($0) })
  func numberIsWrongTypeForNonNumericKinds(kind: FieldKind) {
    #expect(kind.read(.number("12")).error?.code == "field.invalid")
  }

  @Test(
    "Stored values are valid; a number keeps its own error, a real day after today is in the future",
    arguments: [
      (FieldKind.chipNumber, FieldValue.string("123456789012345"), nil),
      (.phone, .string("+48123456789"), nil),
      (.email, .string("finder@example.com"), nil),
      (.latitude, .decimal("52.2297"), nil),
      (.latitude, .decimal("-91"), "latitude.outOfRange"),
      (.longitude, .decimal("100"), nil),
      (.age, .integer(41), "age.outOfRange"),
      (.age, .integer(3), nil),
      (.date, .string("2026-11-22"), nil),
      (.date, .string("2026-11-23"), "date.inFuture"),
      (.species, .string("dog"), nil),
      (.gender, .string("female"), nil),
      (.text, .string("Brown dog"), nil),
    ] as [(FieldKind, FieldValue, String?)])
  func canonicalValue(kind: FieldKind, value: FieldValue, code: String?) {
    #expect(kind.validate(value)?.code == code)
  }

  @Test(
    "Values the kind could not have produced are invalid",
    arguments: [
      (FieldKind.chipNumber, FieldValue.string("12345-67890")),
      (.chipNumber, .string("1234567890123456")),
      (.chipNumber, .integer(5)),
      (.phone, .string("+")),
      (.phone, .string("+48123")),
      (.phone, .string("+48 123 456 789")),
      (.date, .string("2026-1")),
      (.date, .string("23.11.2026")),
      (.email, .string("finder@example")),
      (.email, .string(" a@b.co")),
      (.latitude, .string("52.1")),
      (.age, .string("5")),
      (.date, .string("20261122")),
      (.species, .string("Dog")),
      (.species, .string("dragon")),
      (.text, .integer(1)),
      (.photo, .string("dog.jpg")),
    ] as [(FieldKind, FieldValue)])
  func nonCanonicalValue(kind: FieldKind, value: FieldValue) {
    #expect(kind.validate(value)?.code == "field.invalid")
  }

  @Test(arguments: FieldKind.allCases)
  func missingValueIsRequiredOnlyWhenRequired(kind: FieldKind) {
    #expect(kind.validate(nil) == nil)
    #expect(
      kind.validate(nil, options: FieldOptions(required: true))?.code.hasSuffix(".required") == true
    )
  }

  @Test func emptyStringCountsAsMissing() {
    #expect(FieldKind.text.validate(.string("")) == nil)
    #expect(
      FieldKind.text.validate(.string(""), options: FieldOptions(required: true))?.code
        == "text.required")
  }

  @Test(
    "Display shows a stored value as the control would",
    arguments: [
      (FieldKind.chipNumber, FieldValue.string("123456"), "12345-6"),
      (.date, .string("20261122"), "2026-11-22"),
      (.latitude, .decimal("-0.5"), "-0.5"),
      (.age, .integer(7), "7"),
      (.species, .string("dog"), "dog"),
      (.phone, .string("+48123456789"), "+48 12 345 67 89"),
      (.phone, .string("+48600100200"), "+48 600 100 200"),
    ] as [(FieldKind, FieldValue, String)])
  func displayOfValue(kind: FieldKind, value: FieldValue, display: String) {
    #expect(kind.display(of: value) == display)
  }

  /// Not photo: no text reads as a photo.
  @Test(arguments: FieldKind.allCases.filter { $0 != .photo })
  func aValueReadFromTextIsAValidStoredValue(kind: FieldKind) {
    let options = FieldOptions(choices: ValuePropertyTests.choices)
    var values = CheckedCases(kind, floor: 1)
    for text in [
      "", "12345", "2026-11-22", "dog", "female", "yes", "52.1", "a@b.co", "41", "7", "x",
    ] {
      let result = kind.read(.text(text), options: options)
      guard let value = result.value else { continue }
      values.checked()
      #expect(kind.validate(value, options: options) == result.error)
    }
    values.expectEnough()
  }
}
