// Invisible marks (Unicode format characters, Cf) carry no meaning in any kind but free text:
// they are left out before judging, as separators, wherever they stand.
@_spi(Engine) import PetFlowCore
import Testing

@Suite struct FormatCharacterTests {
  /// Every kind a text is judged for but free `text`, which keeps format characters.
  static let kinds = FieldKind.allCases.filter { $0.isTextEdited && $0 != .text }
  /// Every format character Unicode has (general category Cf), read from the toolchain's data.
  static let formatCharacters: [Unicode.Scalar] = (0xA0...0xE_0FFF).compactMap {
    guard let scalar = Unicode.Scalar(UInt32($0)),
      scalar.properties.generalCategory == .format
    else { return nil }
    return scalar
  }
  static let joiners: [Unicode.Scalar] = ["\u{200D}", "\u{200C}"]
  /// Whole values people write, so that every kind gets valid ones too.
  static let words = [
    "dog", " Pies ", "yes", " no ", "a@b.co", "finder@example.com", "jan@żółw.pl", "2025-11-20",
    "20.11.2025", "+48 600 100 200", "0048 600 100 200", "(22) 123-45-67", "12", "7", "3,0",
    "52.2297 N", "21.0122° W", "-33.8688", "12345-67890-12345", "1234567890123456", "12a34",
    "female", " Samiec ", "unknown", "2024-02-29", "1.2.2025",
  ]

  static func options(_ kind: FieldKind) -> FieldOptions {
    kind == .choice ? DeclaredChoiceTests.stillThere : FieldOptions()
  }

  /// `text` with `mark` before its scalar at `position` (anywhere: inside a cluster too).
  static func inserting(_ mark: Unicode.Scalar, into text: String, at position: Int) -> String {
    var scalars = Array(text.unicodeScalars)
    scalars.insert(mark, at: min(position, scalars.count))
    return String(String.UnicodeScalarView(scalars))
  }

  /// Whether `position` (a scalar index) lies after the first `@`: inside an email's domain.
  static func isInDomain(_ text: String, _ position: Int) -> Bool {
    text.unicodeScalars.prefix(position).contains("@")
  }

  @Test(arguments: kinds)
  func aFormatCharacterAnywhereChangesNeitherValueNorError(kind: FieldKind) {
    var random = RandomField(seed: 61)
    var values = 0
    for round in 0..<1_500 {
      let text =
        round % 3 == 0 ? Self.words[random.int(0...(Self.words.count - 1))] : random.text()
      var marks = Self.formatCharacters
      let position = random.int(0...text.unicodeScalars.count)
      // ZWJ and ZWNJ inside an email domain stay, and are judged.
      if kind == .email, Self.isInDomain(text, position) {
        marks.removeAll { Self.joiners.contains($0) }
      }
      let mark = marks[random.int(0...(marks.count - 1))]
      let marked = Self.inserting(mark, into: text, at: position)
      let options = Self.options(kind)
      let plain = kind.read(.text(text), options: options)
      let read = kind.read(.text(marked), options: options)
      let label = "\(kind) \(marked.debugDescription)"
      #expect(read.value == plain.value, "\(label)")
      #expect(read.error == plain.error, "\(label)")
      // Typing's reading of it (a chip number's filter included) is the same with the mark too.
      let formatted = kind.format(
        marked, selection: .caret(0), options: options, context: session())
      let formattedPlain = kind.format(
        text, selection: .caret(0), options: options, context: session())
      #expect(formatted.value == formattedPlain.value, "\(label)")
      #expect(formatted.error == formattedPlain.error, "\(label)")
      #expect(formatted.dropped == formattedPlain.dropped, "\(label)")
      if plain.value != nil { values += 1 }
    }
    #expect(values >= 25, "\(kind): only \(values) values")
  }

  @Test(arguments: kinds)
  func typingOnlyFormatCharactersIsRejected(kind: FieldKind) {
    for marks in ["\u{200B}", "\u{200E}\u{200F}", "\u{FEFF}", "\u{2060}", "\u{200D}", "\u{AD}"] {
      let result = kind.edit("12|3", .insert(marks), options: Self.options(kind))
      #expect(result.rejected, "\(kind) \(marks.unicodeScalars.map(\.value))")
      #expect(!result.dropped)
      #expect(Marked(result) == Marked(kind.format("12|3", options: Self.options(kind))))
    }
  }

  @Test func aJoinerTypedIntoAnEmailDomainStaysAndIsJudged() {
    let typed = FieldKind.email.edit("jan@żółw|.pl", .insert("\u{200D}"))
    #expect(!typed.rejected)
    #expect(typed.text == "jan@żółw\u{200D}.pl")
    #expect(typed.error?.code == "email.invalid")
    // Before the @ it is left out, as every other format character is.
    #expect(FieldKind.email.edit("jan|@żółw.pl", .insert("\u{200D}")).rejected)
    #expect(FieldKind.email.read(.text("ja\u{200D}n@żółw.pl")).value == .string("jan@żółw.pl"))
  }

  @Test func freeTextKeepsFormatCharactersButOnlyThemIsEmpty() {
    let family = "👨\u{200D}👩\u{200D}👧 \u{200F}Rex"
    #expect(FieldKind.text.read(.text(family)).value == .string(family))
    let blank = FieldKind.text.read(
      .text(" \u{200B}\u{FEFF} "), options: FieldOptions(required: true))
    #expect(blank.error?.code == "text.required")
    #expect(!FieldKind.text.edit("a|", .insert("\u{200B}")).rejected)
  }

  @Test func aFormatCharacterBeforeADigitCountsAsASeparator() {
    // An Arabic number sign makes one cluster with the digit after it; it is left out all the
    // same, and the caret after a mark stays before the next digit, as after a space.
    #expect(FieldKind.phone.format("600\u{0600}100200|").text == "600 100 200")
    #expect(FieldKind.phone.format("600\u{200B}|100").marked == "600 |100")
    #expect(FieldKind.chipNumber.format("12345\u{200E}6|").marked == "12345-6|")
  }
}
