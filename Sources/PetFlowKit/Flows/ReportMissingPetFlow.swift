/// The "report a missing pet" flow: four form steps and a summary (seeds 000, 001, 004).
extension FlowDefinition {
  public static let reportMissingPet = FlowDefinition(
    id: "reportMissingPet",
    version: 1,
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
}
