/// The flows petflowd runs: adding one is adding its definition here, and its id to `all`.
extension FlowDefinition {
  /// Every flow petflowd runs, in the order `flow/list` shows them.
  public static let all: [FlowDefinition] = [.reportMissingPet, .reportFoundPet]

  public static func named(_ id: String) -> FlowDefinition? { all.first { $0.id == id } }

  /// "Report a missing pet": four form steps and a summary (seeds 000, 001, 004).
  public static let reportMissingPet = FlowDefinition(
    id: "reportMissingPet",
    version: 1,
    title: LocalizedText(en: "Report a missing pet", pl: "Zgłoś zaginięcie zwierzęcia"),
    steps: [
      StepDefinition(
        id: "chipNumber",
        title: LocalizedText(en: "Microchip number", pl: "Numer mikroczipa"),
        fields: [
          FieldDefinition(
            "chipNumber", .chipNumber,
            label: LocalizedText(
              en: "Microchip number (optional)", pl: "Numer mikroczipa (opcjonalnie)"))
        ]),
      StepDefinition(
        id: "photo",
        title: LocalizedText(en: "Animal photo", pl: "Zdjęcie zwierzęcia"),
        fields: [
          FieldDefinition(
            "photo", .photo,
            label: LocalizedText(en: "Photo (optional)", pl: "Zdjęcie (opcjonalnie)"))
        ]),
      StepDefinition(
        id: "description",
        title: LocalizedText(en: "Animal description", pl: "Opis zwierzęcia"),
        fields: [
          FieldDefinition(
            "description", .text,
            label: LocalizedText(en: "Description (optional)", pl: "Opis (opcjonalnie)"),
            options: FieldOptions(maxLength: 500))
        ]),
      StepDefinition(
        id: "contactDetails",
        title: LocalizedText(en: "Owner's details", pl: "Dane właściciela"),
        fields: [
          FieldDefinition(
            "contactPhone", .phone,
            label: LocalizedText(en: "Phone number (optional)", pl: "Numer telefonu (opcjonalnie)")),
          FieldDefinition(
            "contactEmail", .email,
            label: LocalizedText(en: "Email (optional)", pl: "E-mail (opcjonalnie)")),
        ]),
      StepDefinition(
        id: "summary", kind: .summary,
        title: LocalizedText(en: "Summary", pl: "Podsumowanie"),
        fields: []),
    ],
    payload: [
      PayloadEntry("chipNumber", from: "chipNumber"),
      PayloadEntry("photo", from: "photo"),
      PayloadEntry("description", from: "description"),
      PayloadEntry("contactPhone", from: "contactPhone"),
      PayloadEntry("contactEmail", from: "contactEmail"),
    ])

  /// "Report a found pet": photo, pet details, contact details (seed 002).
  public static let reportFoundPet = FlowDefinition(
    id: "reportFoundPet",
    version: 1,
    title: LocalizedText(en: "Report a found pet", pl: "Zgłoś znalezienie zwierzęcia"),
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
}
