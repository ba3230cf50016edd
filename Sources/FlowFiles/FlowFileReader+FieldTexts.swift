import JSONRPC
@_spi(Engine) import PetFlowCore

/// A flow file's own texts for a question: a field's `hint` and `messages` (by error code, each
/// replacing its kind's), a step's `description`. Texts, not structure: the digest leaves them out.
extension FlowFileReader {
  static let fieldTextMembers = ["hint", "messages"]

  mutating func fieldTexts(_ members: Members, into field: inout FieldDraft) {
    field.hint = reading.text(members["hint"], "a field's hint")
    guard let node = members["messages"] else { return }
    guard case .object(let object) = node.value else {
      reading.report(
        .type, at: node.pointer,
        "'messages' must be an object of texts by error code, not \(FileReading.typeName(node.value))"
      )
      return
    }
    for (place, member) in object.members.enumerated() {
      let pointer = node.pointer.member(member.name, at: place)
      if field.messages[member.name] != nil {
        reading.report(.duplicateKey, at: pointer, "'\(member.name)' is given twice in 'messages'")
      }
      if let kind = field.kind, !kind.errorCodes.contains(member.name) {
        reading.report(
          .unknownCode, at: pointer,
          "\(kind.rawValue) fields never report '\(member.name)'; their codes are \(FileReading.list(kind.errorCodes))"
            + NearestName.suggestion(for: member.name, among: kind.errorCodes))
      }
      let text = reading.text(
        Node(value: member.value, pointer: pointer), "the message of '\(member.name)'")
      if let text { field.messages[member.name] = text }
    }
  }
}
