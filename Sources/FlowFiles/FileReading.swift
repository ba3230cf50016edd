import JSONRPC
import PetFlowCore

/// A value of the file and where it is.
struct Node {
  let value: JSONValue
  let pointer: JSONPointer
}

/// An object's members by name, each where it is (the last of a name twice: a problem).
struct Members {
  let pointer: JSONPointer
  private let nodes: [String: Node]

  init(pointer: JSONPointer, nodes: [String: Node]) {
    self.pointer = pointer
    self.nodes = nodes
  }

  subscript(name: String) -> Node? { nodes[name] }
}

/// Reading one file's JSON strictly: every problem is kept with its place, and what can still
/// be read is read, so that one run reports everything wrong.
struct FileReading {
  let file: String
  private(set) var problems: [FlowProblem] = []

  init(file: String) { self.file = file }

  /// Warnings apart from `problems`, so that a pass still runs after one (a warning never
  /// keeps a file from loading).
  private(set) var warnings: [FlowProblem] = []

  /// A problem, kept with the errors or the warnings as its rule's severity says.
  mutating func report(_ rule: FlowRule, at pointer: JSONPointer, _ message: String) {
    let problem = FlowProblem(file: file, pointer: pointer, rule: rule, message: message)
    switch rule.severity {
    case .error: problems.append(problem)
    case .warning: warnings.append(problem)
    }
  }

  /// The members of an object, or nil (and a `type` problem) for another value. Members not in
  /// `allowed` are `unknown-key`, a name twice `duplicate-key`, a missing `required` one
  /// `missing-key`. `$comment`, a string, is allowed wherever `comments` says.
  mutating func members(
    of node: Node, _ what: String, allowed: [String], required: [String] = [],
    comments: Bool = false
  ) -> Members? {
    guard case .object(let object) = node.value else {
      report(.type, at: node.pointer, "\(what) must be an object, not \(Self.typeName(node.value))")
      return nil
    }
    var nodes: [String: Node] = [:]
    for (place, member) in object.members.enumerated() {
      let pointer = node.pointer.member(member.name, at: place)
      if nodes[member.name] != nil {
        report(.duplicateKey, at: pointer, "'\(member.name)' is given twice in \(what)")
      }
      if comments, member.name == "$comment" {
        if case .string = member.value {
        } else {
          report(.type, at: pointer, "'$comment' must be a string")
        }
      } else if !allowed.contains(member.name) {
        let names = allowed + (comments ? ["$comment"] : [])
        report(
          .unknownKey, at: pointer,
          "\(what) has no member '\(member.name)'; its members are \(Self.list(names))"
            + NearestName.suggestion(for: member.name, among: names))
      }
      nodes[member.name] = Node(value: member.value, pointer: pointer)
    }
    for name in required where nodes[name] == nil {
      report(.missingKey, at: node.pointer, "\(what) needs a member '\(name)'")
    }
    return Members(pointer: node.pointer, nodes: nodes)
  }

  mutating func string(_ node: Node?, _ what: String) -> String? {
    guard let node else { return nil }
    guard case .string(let text) = node.value else {
      report(.type, at: node.pointer, "\(what) must be a string, not \(Self.typeName(node.value))")
      return nil
    }
    return text
  }

  /// An id: a letter, then letters, digits, `_` or `-`, at most `FlowLimits.idLength` bytes.
  mutating func id(_ node: Node?, _ what: String) -> String? {
    guard let node, let text = string(node, what) else { return nil }
    guard Self.isID(text) else {
      report(
        .idSyntax, at: node.pointer,
        "\(what) '\(text)' must be a letter followed by letters, digits, '_' or '-', at most \(FlowLimits.idLength) characters"
      )
      return nil
    }
    return text
  }

  static func isID(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    guard let first = bytes.first, bytes.count <= FlowLimits.idLength, isLetter(first) else {
      return false
    }
    return bytes.allSatisfy {
      isLetter($0) || (0x30...0x39).contains($0) || $0 == 0x5F || $0 == 0x2D
    }
  }

  private static func isLetter(_ byte: UInt8) -> Bool {
    (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
  }

  /// A whole number from `minimum` (and at least -(2^53 - 1)) to 2^53 - 1. petflowd writes
  /// these back (the version in every snapshot and flow/list, a maxLength in every step), and
  /// a client reading JSON numbers as doubles (JavaScript's `JSON.parse`) would get a larger
  /// one changed: a snapshot of version 2^53 + 1 would come back as 2^53, and not import.
  mutating func integer(
    _ node: Node?, _ what: String, minimum: Int64 = -ParamValue.maxExactInteger
  ) -> Int64? {
    guard let node else { return nil }
    guard case .number(let number) = node.value, number.isWhole else {
      report(.type, at: node.pointer, "\(what) must be a whole number")
      return nil
    }
    let lowest = max(minimum, -ParamValue.maxExactInteger)
    let written = Self.shown(number)
    guard let value = number.int64Value, value <= ParamValue.maxExactInteger else {
      report(
        .range, at: node.pointer,
        number.isNegative
          ? "\(what) must be at least \(lowest), not \(written)"
          : "\(what) must be at most \(ParamValue.maxExactInteger) (2^53 - 1, beyond which JavaScript and other readers of JSON numbers as doubles change integers), not \(written)"
      )
      return nil
    }
    guard value >= lowest else {
      report(.range, at: node.pointer, "\(what) must be at least \(lowest), not \(written)")
      return nil
    }
    return value
  }

  /// A number as the file writes it, cut short past 24 characters (a number may be a
  /// thousand digits long, and a problem is one line).
  private static func shown(_ number: JSONNumber) -> String {
    number.text.utf8.count <= 24 ? number.text : String(number.text.prefix(21)) + "..."
  }

  mutating func bool(_ node: Node?, _ what: String) -> Bool? {
    guard let node else { return nil }
    guard case .bool(let flag) = node.value else {
      report(.type, at: node.pointer, "\(what) must be true or false")
      return nil
    }
    return flag
  }

  /// The elements of an array, each where it is; `empty-list` when `nonEmpty` and it has none,
  /// `size` past `limit`.
  mutating func array(_ node: Node?, _ what: String, nonEmpty: Bool = false, limit: Int)
    -> [Node]?
  {
    guard let node else { return nil }
    guard case .array(let values) = node.value else {
      report(.type, at: node.pointer, "\(what) must be an array, not \(Self.typeName(node.value))")
      return nil
    }
    if nonEmpty, values.isEmpty {
      report(.emptyList, at: node.pointer, "\(what) needs at least one entry")
    }
    guard values.count <= limit else {
      report(.size, at: node.pointer, "\(what) has \(values.count) entries; the limit is \(limit)")
      return nil
    }
    return values.enumerated().map { Node(value: $1, pointer: node.pointer.element($0)) }
  }

  /// The file's languages (`languages`, by default the shipped ones): every text has each.
  var languages = Language.shipped
  /// The texts that lack each language, in the order read: one `missing-locale` problem per
  /// language tells them all (`reportMissingTexts`), not a line per text.
  private var missingTexts: [(language: Language, texts: [(what: String, pointer: JSONPointer)])] =
    []

  /// A text in every language of the file: `{"en": …, "pl": …}`, none empty.
  mutating func text(_ node: Node?, _ what: String) -> LocalizedText? {
    guard let node else { return nil }
    let codes = languages.map { $0.code }
    guard case .object(let object) = node.value else {
      report(
        .type, at: node.pointer,
        "\(what) must be an object of texts by language (\(codes.joined(separator: ", "))), not \(Self.typeName(node.value))"
      )
      return nil
    }
    var texts: [String: String] = [:]
    for (place, member) in object.members.enumerated() {
      let pointer = node.pointer.member(member.name, at: place)
      // Its form first, whatever its language: the schema, which cannot know the file's
      // languages, refuses the same texts.
      guard case .string(let text) = member.value else {
        report(.type, at: pointer, "\(what) in '\(member.name)' must be a string")
        continue
      }
      if text.allSatisfy({ $0.isWhitespace }) {
        report(.emptyText, at: pointer, "\(what) in '\(member.name)' is empty")
      }
      guard codes.contains(member.name) else {
        report(
          .unknownLocale, at: pointer,
          "\(what) has a text in '\(member.name)', which is not one of the file's languages (\(codes.joined(separator: ", "))); 'languages' lists them"
            + NearestName.suggestion(for: member.name, among: codes))
        continue
      }
      if texts[member.name] != nil {
        report(.duplicateKey, at: pointer, "'\(member.name)' is given twice in \(what)")
      }
      texts[member.name] = text
    }
    var complete = true
    for language in languages where texts[language.code] == nil {
      complete = false
      if let index = missingTexts.firstIndex(where: { $0.language == language }) {
        missingTexts[index].texts.append((what, node.pointer))
      } else {
        missingTexts.append((language, [(what, node.pointer)]))
      }
    }
    guard complete else { return nil }
    return LocalizedText(
      languages.compactMap { language in texts[language.code].map { (language, $0) } })
  }

  /// One `missing-locale` problem per language some texts lack, at the first of them: how many,
  /// and where the next few are.
  mutating func reportMissingTexts() {
    let codes = languages.map { $0.code }.joined(separator: ", ")
    for (language, texts) in missingTexts {
      guard let first = texts.first else { continue }
      let shown = 3
      let others = texts.dropFirst().prefix(shown).map { $0.pointer.text }
      let more = texts.count - 1 - others.count
      let place =
        texts.count == 1
        ? "\(first.what) has no text in '\(language.code)'"
        : "\(texts.count) texts have no text in '\(language.code)': \(first.what) here, then "
          + others.joined(separator: ", ") + (more > 0 ? " and \(more) more" : "")
      report(
        .missingLocale, at: first.pointer,
        place + "; every text needs each of the file's languages (\(codes))")
    }
    missingTexts = []
  }

  static func typeName(_ value: JSONValue) -> String {
    switch value {
    case .null: return "null"
    case .bool: return "a boolean"
    case .number: return "a number"
    case .string: return "a string"
    case .array: return "an array"
    case .object: return "an object"
    }
  }

  static func list(_ names: [String]) -> String {
    names.map { "'\($0)'" }.joined(separator: ", ")
  }
}
