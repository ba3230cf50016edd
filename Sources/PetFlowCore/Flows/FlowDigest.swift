/// A flow's structure as canonical text, and its digest: FNV-1a (64 bits) of that text. The
/// structure is what decides which values a snapshot may hold and where they go: steps, their kinds
/// and order, fields, kinds, required-ness (a condition's too), caps and limits, choice option
/// ids, conditions, rules and payload with its constants; a flow with none of the newer members
/// (conditional `required`, rules, limits, constants) writes what it wrote before they existed,
/// so its digest (and its saved reports) stay. Texts (labels, hints, messages, descriptions) are
/// left out, so a fixed translation strands no saved report. The digest guards against
/// accidents (a file changed without a new version), not attackers.
package enum FlowDigest {
  static func digest(of steps: [StepDefinition], payload: [PayloadEntry]) -> String {
    var text = ""
    write(steps, payload: payload, includingTexts: false, into: &text)
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
      hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
    }
    let digits = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }

  /// The whole definition as canonical text, texts, id, version and upgrades included: two
  /// definitions are the same flow exactly when their texts are equal (so a test can compare
  /// a loaded file with the compiled-in definition, and say where they differ).
  package static func canonicalText(of definition: FlowDefinition) -> String {
    var text = "flow \(quoted(definition.id)) version \(definition.version)\n"
    text += "title \(localized(definition.title))\n"
    write(definition.steps, payload: definition.payload, includingTexts: true, into: &text)
    for upgrade in definition.upgrades {
      text += "upgrade from \(upgrade.from)\n"
      for rename in upgrade.renames {
        text += " rename \(quoted(rename.old)) \(quoted(rename.new))\n"
      }
      for drop in upgrade.drops { text += " drop \(quoted(drop))\n" }
    }
    return text
  }

  private static func write(
    _ steps: [StepDefinition], payload: [PayloadEntry], includingTexts: Bool,
    into text: inout String
  ) {
    for step in steps {
      text += "step \(quoted(step.id)) \(step.kind.rawValue)\n"
      if includingTexts { text += " title \(localized(step.title))\n" }
      if includingTexts, let description = step.description {
        text += " description \(localized(description))\n"
      }
      for field in step.fields {
        let options = field.options
        text += " field \(quoted(field.id)) \(field.kind.rawValue)"
        text += options.required ? " required" : " optional"
        if let cap = options.maxLength { text += " maxLength \(cap)" }
        if let condition = field.requiredWhen {
          text += " requiredWhen "
          write(condition, into: &text)
        }
        // Only a field that narrows its kind writes more, so a file without limits keeps its digest.
        if let limits = field.limits { write(limits, into: &text) }
        text += "\n"
        if includingTexts {
          text += "  label \(localized(field.label))\n"
          if let hint = field.hint { text += "  hint \(localized(hint))\n" }
          for code in field.messages.keys.sorted() {
            guard let message = field.messages[code] else { continue }
            text += "  message \(quoted(code)) \(localized(message))\n"
          }
        }
        for option in options.choices {
          text += "  option \(quoted(option.id))"
          text += includingTexts ? " \(localized(option.label))\n" : "\n"
        }
      }
      for transition in step.next {
        text += " next \(quoted(transition.target))"
        if let condition = transition.condition {
          text += " when "
          write(condition, into: &text)
        }
        text += "\n"
      }
      for rule in step.rules { write(rule, includingTexts: includingTexts, into: &text) }
    }
    for entry in payload {
      text += "payload \(quoted(entry.path.joined(separator: ".")))"
      switch entry.constant {
      case .none: text += " \(quoted(entry.field))\n"
      case .string(let value): text += " value s\(quoted(value))\n"
      case .number(let parts): text += " value n\(quoted(parts.text))\n"
      case .bool(let value): text += " value b\(value)\n"
      }
    }
  }

  /// A field's limits, each that is given: ` accept[…] maxBytes N notBefore D …`.
  private static func write(_ limits: FieldLimits, into text: inout String) {
    if !limits.accept.isEmpty {
      text += " accept[\(limits.accept.map(quoted).joined(separator: ","))]"
    }
    if let bytes = limits.maxBytes { text += " maxBytes \(bytes)" }
    if let bound = limits.notBefore { text += " notBefore \(bound)" }
    if let bound = limits.notAfter { text += " notAfter \(bound)" }
    if let least = limits.min { text += " min \(least)" }
    if let most = limits.max { text += " max \(most)" }
  }

  /// ` rule "id" field "f" atLeastOne("a","b") when …`, and its message with the texts.
  private static func write(_ rule: StepRule, includingTexts: Bool, into text: inout String) {
    text += " rule \(quoted(rule.id)) field \(quoted(rule.field)) "
    switch rule.check {
    case .atLeastOne(let fields):
      text += "atLeastOne(\(fields.map(quoted).joined(separator: ",")))"
    case .compare(let left, let op, let right):
      text += "compare(\(quoted(left)),\(quoted(op.rawValue)),"
      switch right {
      case .field(let field): text += "field(\(quoted(field))))"
      case .value(let value): text += "value(\(canonical(value))))"
      case .today: text += "today)"
      }
    }
    if let condition = rule.condition {
      text += " when "
      write(condition, into: &text)
    }
    text += "\n"
    if includingTexts { text += "  message \(localized(rule.message))\n" }
  }

  /// A condition in prefix form: `all(equals("a",s"x"),not(absent("b")))`.
  private static func write(_ condition: FlowCondition, into text: inout String) {
    func list(_ name: String, _ conditions: [FlowCondition]) {
      text += name + "("
      for (index, condition) in conditions.enumerated() {
        if index > 0 { text += "," }
        write(condition, into: &text)
      }
      text += ")"
    }
    switch condition {
    case .equals(let field, let value):
      text += "equals(\(quoted(field)),\(canonical(value)))"
    case .oneOf(let field, let values):
      text += "in(\(quoted(field)),[\(values.map(canonical).joined(separator: ","))])"
    case .present(let field): text += "present(\(quoted(field)))"
    case .absent(let field): text += "absent(\(quoted(field)))"
    case .all(let conditions): list("all", conditions)
    case .any(let conditions): list("any", conditions)
    case .not(let condition):
      text += "not("
      write(condition, into: &text)
      text += ")"
    }
  }

  private static func canonical(_ value: FieldValue) -> String {
    switch value {
    case .string(let string): return "s" + quoted(string)
    case .integer(let number): return "i\(number)"
    case .decimal(let number): return "d\(number)"
    case .photo(let photo): return "p" + quoted(photo.uri) + quoted(photo.mimeType)
    }
  }

  private static func localized(_ text: LocalizedText) -> String {
    "en \(quoted(text.text(in: .en))) pl \(quoted(text.text(in: .pl)))"
  }

  /// A string with its length in UTF-8 bytes before it, so no content can be mistaken for the
  /// text around it.
  private static func quoted(_ string: String) -> String {
    "\(string.utf8.count):\(string)"
  }
}
