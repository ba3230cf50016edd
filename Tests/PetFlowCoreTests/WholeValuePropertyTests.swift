// For every kind and any text, a whole value is either an error without a value, or a value the
// user would recognise as the text they gave: no character other than separators lost, nothing
// cut. Checked against plain reference readings on seeded random texts.
@_spi(Engine) import PetFlowCore
import Testing

@Suite struct WholeValuePropertyTests {
  // Not choice: its values are the options a flow field declares (DeclaredChoiceTests).
  /// The kinds `Reference` models (a kind added later is judged by its own tests).
  static let kinds: [FieldKind] = [
    .chipNumber, .phone, .email, .latitude, .longitude, .age, .date, .species, .gender, .text,
  ]
  static let count = 3_000

  /// Pieces that make plausible whole values (digits of several scripts, signs, separators),
  /// with some junk, so that valid, invalid and too-long values all come up.
  static let pieces = [
    "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "12", "345", "٣", "۳", "３", "३", "𝟐",
    "-", "−", " ", "\u{00A0}", ".", ",", "/", "(", ")", "+", "a", "½", "é", "👍🏽", "e", "@",
    "00", "S", "w", "°",
  ]

  /// Whole values people write, right and nearly right, so that every kind gets values.
  static let words = [
    "dog", " Pies ", "FEMALE", "samica", "Kot", "dragon", "unknown", "?", "a@b.co", " x@y.pl ",
    "finder@example.com", "a@b", "2025-11-20", "20.11.2025", "1.2.2025", "2025-02-30", "20251120",
    "+48 600 100 200", "0048 600 100 200", "(22) 123-45-67", "600.100.200", "12", "7", "3,0",
    "52.2297 N", "21.0122° W", "-33.8688", "+44 7911 123456", "0049 1512 3456789",
    "+48 800 123 4567", "31.02.2025", "2024-02-29", "jan@żółw.pl", "a,b@example.com",
  ]

  static func text(_ random: inout RandomField) -> String {
    switch random.int(0...3) {
    case 0: return random.text()
    case 1: return words[random.int(0...(words.count - 1))]
    default: break
    }
    return (0..<random.int(0...14)).map { _ in pieces[random.int(0...(pieces.count - 1))] }
      .joined()
  }

  @Test(arguments: kinds)
  func wholeValueIsAnErrorOrTheSameValue(kind: FieldKind) {
    var random = RandomField(seed: 41)
    // The property says something only if values come up: every kind gets dozens.
    var values = CheckedCases(kind, floor: 50)
    for _ in 0..<Self.count {
      let text = Self.text(&random)
      let judged = kind.read(.text(text))
      guard let value = judged.value else {
        // No value: the text was blank, or the judgment says why.
        #expect(
          judged.error != nil || Reference.isEmpty(text, kind),
          "\(kind) \(text.debugDescription) lost without a word")
        continue
      }
      values.checked()
      #expect(Reference.isSame(value, text, kind), "\(kind) \(text.debugDescription) -> \(value)")
    }
    values.expectEnough()
  }
}

/// Plain readings of what a person wrote, to check judged values against.
private enum Reference {
  /// Nothing but whitespace and format characters, or, for a mask kind, nothing but its
  /// separators.
  static func isEmpty(_ text: String, _ kind: FieldKind) -> Bool {
    switch kind {
    case _ where kind.editingName == "mask":
      return significant(text, kind).isEmpty
    default:
      // Free text keeps format characters, but they alone are empty all the same.
      return trimmed(withoutFormat(text, keepingDomainJoiners: kind == .email)).isEmpty
    }
  }

  /// The text without format characters (Cf), which carry no meaning but in free text and as
  /// an email domain's ZWJ and ZWNJ.
  static func withoutFormat(_ text: String, keepingDomainJoiners: Bool) -> String {
    var domain = false
    return String(
      String.UnicodeScalarView(
        text.unicodeScalars.filter { scalar in
          if scalar == "@" { domain = true }
          let joiner = scalar == "\u{200C}" || scalar == "\u{200D}"
          return scalar.properties.generalCategory != .format
            || (keepingDomainJoiners && domain && joiner)
        }))
  }

  /// Without whitespace at either end, a character (grapheme cluster) at a time.
  static func trimmed(_ text: String) -> String {
    String(text.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
  }

  /// Whether `value` is what `text` says, for `kind`.
  static func isSame(_ value: FieldValue, _ text: String, _ kind: FieldKind) -> Bool {
    switch (kind, value) {
    case (.chipNumber, .string(let digits)):
      return significant(text, kind) == Array(digits.unicodeScalars)
    case (.phone, .string(let number)):
      // A leading 00 is the international prefix, written `+`.
      var written = significant(text, kind)
      if written.starts(with: ["0", "0"]) { written = ["+"] + written.dropFirst(2) }
      return written == Array(number.unicodeScalars)
    case (.date, .string(let date)):
      let written = significant(text, kind).map { $0 == "\u{2212}" ? "-" : $0 }
      let digits = Array(date.unicodeScalars.filter { $0 != "-" })
      guard written.contains(".") else { return written.filter { $0 != "-" } == digits }
      // Day first with dots: the same digits, the groups the other way round.
      let groups = written.split(separator: ".").map { Array($0) }
      guard groups.count == 3 else { return false }
      let padded = groups.map {
        Array(repeating: Unicode.Scalar("0"), count: max(0, 2 - $0.count)) + $0
      }
      return padded[2] + padded[1] + padded[0] == digits
    case (.age, .integer(let years)):
      guard let number = number(text, kind) else { return false }
      return number == Double(years)
    case (.latitude, .decimal(let decimal)), (.longitude, .decimal(let decimal)):
      // Equal but for the rounding to 6 decimals that protocol.md documents.
      guard let number = number(text, kind), let stored = Double(decimal.description) else {
        return false
      }
      return abs(number - stored) <= 0.000_000_5 + 1e-9 * abs(number)
    case (.email, .string(let address)):
      return address == trimmed(withoutFormat(text, keepingDomainJoiners: true))
    case (.species, .string(let id)), (.gender, .string(let id)):
      let options = kind.options
      let wanted = trimmed(withoutFormat(text, keepingDomainJoiners: false)).lowercased()
      return options.contains { option in
        option.id == id
          && (wanted == id
            || Language.shipped.contains { option.label(in: $0).lowercased() == wanted })
      }
    case (.text, .string(let kept)):
      return kept == text
    // A value of another type than its kind stores is never the same as any text.
    default:
      return false
    }
  }

  /// The text's characters with the kind's separators left out and digits read as ASCII; nil
  /// marks anything else.
  static func significant(_ text: String, _ kind: FieldKind) -> [Unicode.Scalar] {
    let separators: Set<Unicode.Scalar> =
      switch kind {
      case .chipNumber: ["-", "\u{2212}"]
      case .phone: ["-", "\u{2212}", ".", "(", ")", "/"]
      default: []
      }
    return text.unicodeScalars.compactMap { scalar in
      if scalar.properties.isWhitespace || separators.contains(scalar)
        || scalar.properties.generalCategory == .format
      {
        return nil
      }
      if let digit = digit(scalar) { return digit }
      return scalar
    }
  }

  static func digit(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
    guard scalar.properties.numericType == .decimal,
      let value = scalar.properties.numericValue
    else { return nil }
    return Unicode.Scalar(UInt8(48 + Int(value)))
  }

  /// The number a person wrote: a sign, digits of any script, one `.` or `,`, whitespace
  /// anywhere; for a coordinate, a hemisphere letter after it, with or without `°`.
  static func number(_ text: String, _ kind: FieldKind) -> Double? {
    var scalars = text.unicodeScalars.filter {
      !$0.properties.isWhitespace && $0.properties.generalCategory != .format
    }
    var sign = 1.0
    let letters: (Unicode.Scalar, Unicode.Scalar)? =
      kind == .latitude ? ("N", "S") : kind == .longitude ? ("E", "W") : nil
    if let letters, let last = scalars.last,
      let upper = String(last).uppercased().unicodeScalars.first,
      upper == letters.0 || upper == letters.1
    {
      if scalars.first == "-" || scalars.first == "\u{2212}" { return nil }
      sign = upper == letters.1 ? -1 : 1
      scalars.removeLast()
      if scalars.last == "°" { scalars.removeLast() }
    } else if letters != nil, scalars.last == "°" {
      scalars.removeLast()
    }
    guard let plain = plainNumber(String(String.UnicodeScalarView(scalars))) else { return nil }
    return sign * plain
  }

  private static func plainNumber(_ text: String) -> Double? {
    var plain = ""
    for scalar in text.unicodeScalars {
      if let digit = digit(scalar) {
        plain.unicodeScalars.append(digit)
      } else if scalar == "-" || scalar == "\u{2212}" {
        plain += "-"
      } else if scalar == "." || scalar == "," {
        plain += "."
      } else {
        return nil
      }
    }
    return Double(plain.hasSuffix(".") ? plain + "0" : plain.hasPrefix(".") ? "0" + plain : plain)
      ?? (plain.hasPrefix("-.") ? Double("-0" + plain.dropFirst()) : nil)
  }
}
