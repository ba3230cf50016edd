// Seed 002's validation tables for reportFoundPet, stated once: PetFlowKit's tests run each row
// through the library and the end-to-end tests through the binary, and both must agree.

public enum FoundPetValidationTable {
  /// One rule: a value for a field on its step, and the code of the error it gets (nil: none).
  public struct Row: Sendable, CustomStringConvertible {
    public let step: String
    public let field: String
    public let value: SeedValue
    public let code: String?

    init(_ step: String, _ field: String, _ value: SeedValue, _ code: String?) {
      self.step = step
      self.field = field
      self.value = value
      self.code = code
    }

    /// The seed's English message for the row's error (nil: none).
    public var message: String? { code.flatMap { messages[$0] } }

    public var description: String { "\(field) = \(value): \(message ?? "valid")" }
  }

  /// The seed's error messages, one per rule, by code.
  static let messages = [
    "photo.required": "Photo is mandatory",
    "date.required": "Enter the date",
    "date.inFuture": "The date cannot be after today",
    "species.required": "Please select a species",
    "gender.required": "Please select a gender",
    "latitude.required": "Fill in latitude",
    "latitude.outOfRange": "Latitude must be between -90 and 90",
    "longitude.required": "Fill in longitude",
    "longitude.outOfRange": "Longitude must be between -180 and 180",
    "chipNumber.invalid": "A microchip number has digits only",
    "chipNumber.tooLong": "A microchip number has at most 15 digits",
    "age.outOfRange": "Age must be between 0 and 40",
    "phone.required": "Enter at least 7 digits",
    "phone.tooShort": "Enter at least 7 digits",
    "email.required": "Enter a valid email address",
    "email.invalid": "Enter a valid email address",
  ]

  public static let rows: [Row] = [
    // Step 1: Upload Photo
    Row("photo", "photo", .null, "photo.required"),
    Row("photo", "photo", .photo, nil),
    // Step 2: Pet Details
    Row("petDetails", "disappearanceDate", .text(""), "date.required"),
    Row("petDetails", "disappearanceDate", .text("2026-11-23"), "date.inFuture"),
    Row("petDetails", "disappearanceDate", .text("2026-11-22"), nil),
    Row("petDetails", "disappearanceDate", .text("2025-01-31"), nil),
    Row("petDetails", "disappearanceDate", .text("20250131"), nil),
    Row("petDetails", "animalSpecies", .null, "species.required"),
    Row("petDetails", "animalSpecies", .text("dog"), nil),
    Row("petDetails", "animalSpecies", .text("Dog"), nil),
    Row("petDetails", "animalGender", .null, "gender.required"),
    Row("petDetails", "animalGender", .text(""), "gender.required"),
    Row("petDetails", "animalGender", .text("female"), nil),
    Row("petDetails", "animalLatitude", .null, "latitude.required"),
    Row("petDetails", "animalLatitude", .text(""), "latitude.required"),
    Row("petDetails", "animalLatitude", .number("90.5"), "latitude.outOfRange"),
    Row("petDetails", "animalLatitude", .text("-90.000001"), "latitude.outOfRange"),
    Row("petDetails", "animalLatitude", .text("-91"), "latitude.outOfRange"),
    Row("petDetails", "animalLatitude", .number("-90"), nil),
    Row("petDetails", "animalLatitude", .text("90"), nil),
    Row("petDetails", "animalLatitude", .text("52,2297"), nil),
    Row("petDetails", "animalLongitude", .null, "longitude.required"),
    Row("petDetails", "animalLongitude", .number("180.5"), "longitude.outOfRange"),
    Row("petDetails", "animalLongitude", .number("180.000001"), "longitude.outOfRange"),
    Row("petDetails", "animalLongitude", .text("-181"), "longitude.outOfRange"),
    Row("petDetails", "animalLongitude", .text("-180.5"), "longitude.outOfRange"),
    Row("petDetails", "animalLongitude", .number("-180"), nil),
    Row("petDetails", "animalLongitude", .number("180"), nil),
    Row("petDetails", "animalLongitude", .text("180"), nil),
    Row("petDetails", "chipNumber", .null, nil),
    Row("petDetails", "chipNumber", .text(""), nil),
    Row("petDetails", "chipNumber", .text("123"), nil),
    Row("petDetails", "chipNumber", .text("12345-67890-12345"), nil),
    Row("petDetails", "chipNumber", .text("12a34b56"), "chipNumber.invalid"),
    Row("petDetails", "chipNumber", .text("1234567890123456"), "chipNumber.tooLong"),
    Row("petDetails", "animalAge", .null, nil),
    Row("petDetails", "animalAge", .number("0"), nil),
    Row("petDetails", "animalAge", .number("40"), nil),
    Row("petDetails", "animalAge", .text("40"), nil),
    Row("petDetails", "animalAge", .number("41"), "age.outOfRange"),
    Row("petDetails", "animalAge", .text("99"), "age.outOfRange"),
    Row("petDetails", "animalAge", .text("120"), "age.outOfRange"),
    // Step 3: Contact Information
    Row("contactDetails", "phone", .text(""), "phone.required"),
    Row("contactDetails", "phone", .text("123456"), "phone.tooShort"),
    Row("contactDetails", "phone", .text("+48 123 4"), "phone.tooShort"),
    Row("contactDetails", "phone", .text("1234567"), nil),
    Row("contactDetails", "phone", .text("+48123456789"), nil),
    Row("contactDetails", "phone", .text("+48 123 456 789"), nil),
    Row("contactDetails", "email", .null, "email.required"),
    Row("contactDetails", "email", .text(""), "email.required"),
    Row("contactDetails", "email", .text("finder@"), "email.invalid"),
    Row("contactDetails", "email", .text("finder@example"), "email.invalid"),
    Row("contactDetails", "email", .text("finder@example.com"), nil),
    Row("contactDetails", "email", .text(" finder@example.com "), nil),
    Row("contactDetails", "caregiverPhoneNumber", .text(""), nil),
    Row("contactDetails", "caregiverPhoneNumber", .text("123456"), "phone.tooShort"),
    Row("contactDetails", "caregiverPhoneNumber", .text("+48 12 34"), "phone.tooShort"),
    Row("contactDetails", "caregiverPhoneNumber", .text("+48987654321"), nil),
    Row("contactDetails", "currentPhysicalAddress", .text(""), nil),
    Row("contactDetails", "currentPhysicalAddress", .text(String(repeating: "a", count: 501)), nil),
  ]

  /// What flow/next on an empty petDetails step answers: every required field at once.
  public static let petDetailsRequiredCodes = [
    "disappearanceDate": "date.required", "animalSpecies": "species.required",
    "animalGender": "gender.required", "animalLatitude": "latitude.required",
    "animalLongitude": "longitude.required",
  ]

  /// Values on petDetails that leave no value to store, each with the error it shows instead.
  public static let inputsLeavingNoValue: [(field: String, value: SeedValue, code: String)] = [
    ("animalLatitude", .number("1000"), "latitude.outOfRange"),
    ("animalLongitude", .number("-1e3"), "longitude.outOfRange"),
    ("animalAge", .number("1.5"), "age.notWhole"),
    ("animalSpecies", .text("dragon"), "species.unknown"),
    ("animalGender", .bool(true), "field.invalid"),
  ]
}
