// What an app does with PetFlowKit, in a terminal: a chip number typed into a field (key by key
// as UIKit hands it over, and whole as SwiftUI does), one message through the wire in process,
// the built-in found-pet report walked to its payload, and a flow file's bytes loaded and walked.
// Usage: ReportCLI PATH-TO-reportSighting.json (scripts/test.d/example-package.sh passes it).
import Foundation
import PetFlowKit

/// The app's calendar gives today; fixed here so that the output can be compared.
let today = CalendarDate(year: 2026, month: 11, day: 27) ?? .unixEpoch

let arguments = CommandLine.arguments
guard arguments.count == 2 else {
  FileHandle.standardError.write(Data("usage: ReportCLI PATH-TO-reportSighting.json\n".utf8))
  exit(2)
}

ChipNumberTyping.run()
ChipNumberWholeText.run()
WireCall.run()

// The caregiver's phone and the current address stay in the app: the payload leaves them out.
try ReportWalk.run(
  "reportFoundPet",
  steps: [
    [
      "photo": .photo(
        PhotoMetadata(
          uri: "content://media/7", mimeType: "image/heic", sizeBytes: 2_048_000,
          fileName: "mruczek.heic"))
    ],
    [
      "disappearanceDate": .text("2026-11-25"), "animalSpecies": .text("cat"),
      "animalGender": .text("female"), "animalLatitude": .text("50.0614"),
      "animalLongitude": .text("19.9366"), "chipNumber": .text("61609-81000-12345"),
    ],
    [
      "phone": .text("+48 512 345 678"), "email": .text("anna@example.com"),
      "caregiverPhoneNumber": .text("+48 22 123 45 67"),
      "currentPhysicalAddress": .text("ul. Floriańska 1, Kraków"),
    ],
  ], today: today)

// A flow file as an app ships it: its bytes (from the bundle; here the path given), loaded and
// checked by the library, which reads no file itself.
let bytes = try FileBytes.read(arguments[1])
let loaded = FlowFile.load(bytes, file: "reportSighting.json")
guard let sighting = loaded.definition else {
  for problem in loaded.problems {
    FileHandle.standardError.write(Data("\(problem.file): \(problem.message)\n".utf8))
  }
  exit(1)
}
try ReportWalk.run(
  sighting.id, flows: [sighting],
  steps: [
    ["photo": .photo(PhotoMetadata(uri: "file:///photos/stray.jpg", mimeType: "image/jpeg"))],
    [
      "latitude": .text("52.2297"), "longitude": .text("21.0122"), "species": .text("cat"),
      "stillThere": .text("yes"),
    ],
    ["phone": .text("+48 600 700 800")],
  ], today: today)
