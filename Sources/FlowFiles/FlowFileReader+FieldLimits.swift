import JSONRPC
import PetFlowCore

/// What a flow file narrows of a field's kind (FieldLimits): each member on its one kind, within
/// the kind's own limits, never wider.
extension FlowFileReader {
  /// Each limit's member and the kind that takes it.
  static let limitMembers: [(name: String, kind: FieldKind)] = [
    ("accept", .photo), ("maxBytes", .photo), ("notBefore", .date), ("notAfter", .date),
    ("min", .age), ("max", .age),
  ]

  /// The most grapheme clusters a text's `maxLength` may keep: `--max-text-bytes`' default (a
  /// cluster is at least a byte, so a longer text never reaches a flow).
  static let longestText = 2 * 1024 * 1024

  mutating func fieldLimits(_ members: Members, into field: inout FieldDraft) {
    if let cap = field.maxLength, cap > Self.longestText, let node = members["maxLength"] {
      reading.report(
        .limitWidens, at: node.pointer,
        "'maxLength' is \(cap); no text reaches a flow past \(Self.longestText) characters (--max-text-bytes)"
      )
    }
    var limits = FieldLimits()
    var given = false
    for (name, kind) in Self.limitMembers {
      guard let node = members[name] else { continue }
      given = true
      if let fieldKind = field.kind, fieldKind != kind {
        reading.report(
          .unknownOption, at: node.pointer,
          "'\(name)' applies to \(kind.rawValue) fields only, not to \(fieldKind.rawValue)")
      }
    }
    guard given else { return }
    limits.accept = accept(members["accept"])
    limits.maxBytes = reading.integer(members["maxBytes"], "'maxBytes'", minimum: 1)
    limits.notBefore = dateBound(members["notBefore"], "'notBefore'")
    limits.notAfter = dateBound(members["notAfter"], "'notAfter'")
    if case .date(let first) = limits.notBefore, case .date(let last) = limits.notAfter,
      first > last, let node = members["notAfter"]
    {
      reading.report(
        .limitValue, at: node.pointer,
        "'notAfter' \(last) is before 'notBefore' \(first): no date would do")
    }
    limits.min = years(members["min"], "'min'")
    limits.max = years(members["max"], "'max'")
    if let least = limits.min, let most = limits.max, least > most, let node = members["max"] {
      reading.report(
        .limitValue, at: node.pointer, "'max' \(most) is below 'min' \(least): no age would do")
    }
    field.limits = limits
  }

  /// `["image/jpeg", …]`: media types of images, none twice.
  private mutating func accept(_ node: Node?) -> [String] {
    guard let nodes = reading.array(node, "'accept'", nonEmpty: true, limit: FlowLimits.options)
    else { return [] }
    var types: [String] = []
    for node in nodes {
      guard let type = reading.string(node, "a media type") else { continue }
      let lower = type.lowercased()
      let subtype = lower.utf8.dropFirst(6)
      guard lower.hasPrefix("image/"), !subtype.isEmpty,
        subtype.allSatisfy({ Self.isTypeCharacter($0) })
      else {
        reading.report(
          .limitWidens, at: node.pointer,
          "'\(type)' is not an image type (image/…): a photo field takes images only")
        continue
      }
      if types.contains(lower) {
        reading.report(.duplicateKey, at: node.pointer, "'\(type)' is given twice in 'accept'")
      }
      types.append(lower)
    }
    return types
  }

  /// A character of a media type's name (RFC 6838's restricted-name).
  private static func isTypeCharacter(_ byte: UInt8) -> Bool {
    (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte)
      || "!#$&-^_.+".utf8.contains(byte)
  }

  /// `"YYYY-MM-DD"` or `"today"`.
  private mutating func dateBound(_ node: Node?, _ what: String) -> DateBound? {
    guard let node, let text = reading.string(node, what) else { return nil }
    guard let bound = DateBound(text) else {
      reading.report(
        .limitValue, at: node.pointer,
        "\(what) must be a real date YYYY-MM-DD or \"today\", not \"\(text)\"")
      return nil
    }
    return bound
  }

  /// An age bound, within the kind's own years.
  private mutating func years(_ node: Node?, _ what: String) -> Int? {
    guard let node, let given = reading.integer(node, what) else { return nil }
    let range = FieldLimits.ageRange
    guard let years = Int(exactly: given), range.contains(years) else {
      reading.report(
        .limitWidens, at: node.pointer,
        "\(what) is \(given); an age is \(range.lowerBound) to \(range.upperBound) years, and a flow narrows it, never widens it"
      )
      return nil
    }
    return years
  }
}
