// normalize, validate and display for flows: wrong types, canonical values, round trips.
import PetFlowKit
import Testing

@Suite struct ValueTests {
  @Test(arguments: FieldKind.allCases, [true, false])
  func boolIsWrongTypeForEveryKind(kind: FieldKind, flag: Bool) {
    let result = kind.normalize(.bool(flag))
    #expect(result.value == nil)
    #expect(result.error?.code == "field.invalid")
  }

  @Test(arguments: FieldKind.allCases)
  func nullIsEmptyForEveryKind(kind: FieldKind) {
    #expect(kind.normalize(.null).value == nil)
    #expect(kind.normalize(.null).error == nil)
    #expect(kind.normalize(.null, options: FieldOptions(required: true)).error != nil)
  }

  @Test(arguments: FieldKind.allCases.filter { $0 != .photo })
  func photoIsWrongTypeForTextKinds(kind: FieldKind) {
    let picture = PhotoMetadata(uri: "file:///a.png", mimeType: "image/png")
    #expect(kind.normalize(.photo(picture)).error?.code == "field.invalid")
  }

  @Test(arguments: [FieldKind.email, .species, .gender, .text, .date])
  func numberIsWrongTypeForNonNumericKinds(kind: FieldKind) {
    #expect(kind.normalize(.number("12")).error?.code == "field.invalid")
  }

  @Test(
    "Canonical stored values validate by their kind's rules",
    arguments: [
      (FieldKind.chipNumber, FieldValue.string("123456789012345"), nil),
      (.phone, .string("+48123"), "phone.tooShort"),
      (.phone, .string("+48123456789"), nil),
      (.email, .string("finder@example.com"), nil),
      (.latitude, .decimal("52.2297"), nil),
      (.latitude, .decimal("-91"), "latitude.outOfRange"),
      (.longitude, .decimal("100"), nil),
      (.age, .integer(41), "age.outOfRange"),
      (.age, .integer(3), nil),
      (.date, .string("2026-11-22"), nil),
      (.date, .string("2026-11-23"), "date.inFuture"),
      (.date, .string("2026-1"), "date.invalid"),
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
      (.email, .string(" a@b.co")),
      (.latitude, .string("52.1")),
      (.latitude, .decimal("052.1")),
      (.latitude, .decimal("1e1")),
      (.latitude, .decimal("12.")),
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
      (.phone, .string("+48123456789"), "+48123456789"),
    ] as [(FieldKind, FieldValue, String)])
  func displayOfValue(kind: FieldKind, value: FieldValue, display: String) {
    #expect(kind.display(of: value) == display)
  }

  @Test(arguments: FieldKind.allCases)
  func normalizedValueValidatesAsItsOwnError(kind: FieldKind) {
    for text in ["", "12345", "2026-11-22", "dog", "52.1", "a@b.co", "41", "x"] {
      let result = kind.normalize(.text(text))
      guard let value = result.value else { continue }
      #expect(kind.validate(value) == result.error)
    }
  }
}
