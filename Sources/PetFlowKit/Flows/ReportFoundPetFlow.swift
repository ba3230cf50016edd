/// The "report a found pet" flow: photo, pet details, contact details (seed 002).
extension FlowDefinition {
  public static let reportFoundPet = FlowDefinition(
    id: "reportFoundPet",
    version: 1,
    steps: [
      StepDefinition(
        id: "photo",
        title: LocalizedText(en: "Photo", pl: "Zdjęcie"),
        fields: [
          FieldDefinition(
            "photo", .photo, label: LocalizedText(en: "Photo", pl: "Zdjęcie"),
            options: FieldOptions(required: true))
        ]),
      StepDefinition(
        id: "petDetails",
        title: LocalizedText(en: "Pet details", pl: "Dane zwierzęcia"),
        fields: [
          FieldDefinition(
            "disappearanceDate", .date,
            label: LocalizedText(en: "Date found", pl: "Data znalezienia"),
            options: FieldOptions(required: true)),
          FieldDefinition(
            "animalSpecies", .species, label: LocalizedText(en: "Species", pl: "Gatunek"),
            options: FieldOptions(required: true)),
          FieldDefinition(
            "animalGender", .gender, label: LocalizedText(en: "Gender", pl: "Płeć"),
            options: FieldOptions(required: true)),
          FieldDefinition(
            "animalLatitude", .latitude,
            label: LocalizedText(en: "Latitude", pl: "Szerokość geograficzna"),
            options: FieldOptions(required: true)),
          FieldDefinition(
            "animalLongitude", .longitude,
            label: LocalizedText(en: "Longitude", pl: "Długość geograficzna"),
            options: FieldOptions(required: true)),
          FieldDefinition(
            "chipNumber", .chipNumber,
            label: LocalizedText(
              en: "Microchip number (optional)", pl: "Numer mikroczipa (opcjonalnie)")),
          FieldDefinition(
            "animalRace", .text,
            label: LocalizedText(en: "Breed (optional)", pl: "Rasa (opcjonalnie)")),
          FieldDefinition(
            "animalAge", .age, label: LocalizedText(en: "Age (optional)", pl: "Wiek (opcjonalnie)")),
          FieldDefinition(
            "petName", .text,
            label: LocalizedText(en: "Pet name (optional)", pl: "Imię zwierzęcia (opcjonalnie)")),
          FieldDefinition(
            "animalAdditionalDescription", .text,
            label: LocalizedText(
              en: "Additional description (optional)", pl: "Dodatkowy opis (opcjonalnie)"),
            options: FieldOptions(maxLength: 500)),
        ]),
      StepDefinition(
        id: "contactDetails",
        title: LocalizedText(en: "Contact details", pl: "Dane kontaktowe"),
        fields: [
          FieldDefinition(
            "phone", .phone, label: LocalizedText(en: "Phone number", pl: "Numer telefonu"),
            options: FieldOptions(required: true)),
          FieldDefinition(
            "email", .email, label: LocalizedText(en: "Email", pl: "E-mail"),
            options: FieldOptions(required: true)),
          FieldDefinition(
            "rewardDescription", .text,
            label: LocalizedText(en: "Reward (optional)", pl: "Nagroda (opcjonalnie)")),
          FieldDefinition(
            "caregiverPhoneNumber", .phone,
            label: LocalizedText(
              en: "Caregiver phone number (optional)", pl: "Telefon opiekuna (opcjonalnie)")),
          FieldDefinition(
            "currentPhysicalAddress", .text,
            label: LocalizedText(
              en: "Where the animal is now (optional)", pl: "Gdzie jest teraz zwierzę (opcjonalnie)"
            ),
            options: FieldOptions(maxLength: 500)),
        ]),
    ],
    // What the seed's submission service maps (002, "Backend Payload Changes"). Not petName
    // (the service does not map it), and never caregiverPhoneNumber or
    // currentPhysicalAddress, which stay in the app (FR-016).
    payload: [
      PayloadEntry("photo", from: "photo"),
      PayloadEntry("chipNumber", from: "chipNumber"),
      PayloadEntry("disappearanceDate", from: "disappearanceDate"),
      PayloadEntry("species", from: "animalSpecies"),
      PayloadEntry("race", from: "animalRace"),
      PayloadEntry("gender", from: "animalGender"),
      PayloadEntry("age", from: "animalAge"),
      PayloadEntry("location.latitude", from: "animalLatitude"),
      PayloadEntry("location.longitude", from: "animalLongitude"),
      PayloadEntry("additionalDescription", from: "animalAdditionalDescription"),
      PayloadEntry("contactDetails.phone", from: "phone"),
      PayloadEntry("contactDetails.email", from: "email"),
      PayloadEntry("contactDetails.rewardDescription", from: "rewardDescription"),
    ])

  /// Every flow petflowd runs, in the order `flow/list` shows them.
  public static let all: [FlowDefinition] = [.reportMissingPet, .reportFoundPet]

  public static func named(_ id: String) -> FlowDefinition? { all.first { $0.id == id } }
}
