import JSONRPC
import PetFlowKit

/// `field/format`, `field/edit`, `field/validate`, `field/list`: one field, one keystroke.
enum FieldMethods {
  /// Formats post-edit text (the SwiftUI / React onChange style), keeping the caret after
  /// the same significant characters.
  static func format(
    _ server: inout PetFlowServer, _ request: Params, _ answer: inout JSONWriter
  ) throws(RPCError) {
    let params = try request.reading(ParameterNames.format)
    let kind = try textKind(params)
    let text = try server.limitedText(params.string("text"), parameter: "text")
    let selection: FieldSelection
    switch (try params.offset("caret"), try params.object("selection")) {
    case (let caret?, nil): selection = .caret(caret)
    case (nil, let range?): selection = try self.selection(range)
    case (nil, nil): selection = .caret(Int.max)  // no caret given: it stays at the end
    case (_?, _?):
      throw .invalidParams("give 'caret' or 'selection', not both", parameter: "selection")
    }
    let context = server.fieldContext()
    let result = kind.format(
      text, selection: selection, options: try FieldJSON.options(params, kind: kind),
      context: context)
    write(result, locale: context.locale, to: &answer)
  }

  /// Applies one edit to the control's pre-edit state. The kind of edit is given, never
  /// guessed from a diff.
  static func edit(
    _ server: inout PetFlowServer, _ request: Params, _ answer: inout JSONWriter
  ) throws(RPCError) {
    let params = try request.reading(ParameterNames.edit)
    let kind = try textKind(params)
    let text = try server.limitedText(params.string("text"), parameter: "text")
    let selection = try self.selection(params.requiredObject("selection"))
    let edit = try self.edit(params.requiredObject("edit"), server: server)
    let context = server.fieldContext()
    let result = kind.edit(
      text, selection: selection, edit: edit, options: try FieldJSON.options(params, kind: kind),
      context: context)
    write(result, locale: context.locale, to: &answer)
  }

  /// Validates text as the control shows it, or a value as the flow would store it.
  static func validate(_ server: inout PetFlowServer, _ request: Params) throws(RPCError)
    -> JSONValue
  {
    let params = try request.reading(ParameterNames.validate)
    let kind = try self.kind(params)
    let options = try FieldJSON.options(params, kind: kind)
    let context = server.fieldContext()
    let error: FieldError?
    switch (try params.has("text"), try params.has("value")) {
    case (true, true):
      throw .invalidParams("give 'text' or 'value', not both", parameter: "value")
    case (true, false):
      // Text as the control shows it: judged whole, never filtered into another value.
      let text = try server.limitedText(params.string("text"), parameter: "text")
      error = kind.normalize(.text(text), options: options, context: context).error
    case (false, true):
      // A value as a flow stores it: anything but exactly that is field.invalid.
      let input = try FieldJSON.input(try params.value("value") ?? .null, parameter: "value")
      error = kind.validate(stored: input, options: options, context: context)
    case (false, false):
      error = kind.normalize(.null, options: options, context: context).error
    }
    return .object(
      JSONObject([
        ("valid", .bool(error == nil)), ("error", FieldJSON.json(error, locale: context.locale)),
      ]))
  }

  /// Every field kind with what a UI needs to render it.
  static func list(_ server: inout PetFlowServer, _ params: Params) throws(RPCError) -> JSONValue {
    try params.rejectUnknown(allowing: [])
    let locale = server.settings.locale
    return .object(
      JSONObject([("fields", .array(FieldKind.allCases.map { json($0, locale: locale) }))]))
  }

  static func json(_ kind: FieldKind, locale: PetFlowKit.Locale) -> JSONValue {
    let info = kind.info
    var object = JSONObject(minimumCapacity: 8)
    object.append("kind", .string(kind.rawValue))
    object.append("label", .string(info.label(in: locale)))
    object.append("placeholder", .string(info.placeholder))
    object.append("keyboard", .string(info.keyboard))
    object.append("maxLength", info.maxLength.map(JSONValue.int) ?? .null)
    object.append("options", FieldJSON.json(info.options, locale: locale))
    object.append("textEditable", .bool(info.isTextEdited))
    return .object(object)
  }

  // MARK: - Params

  static func kind(_ params: Params) throws(RPCError) -> FieldKind {
    // Matched as bytes against the names: this runs on every keystroke.
    let index = try params.choice("field", from: FieldKindNames.names, what: "field kind")
    return FieldKindNames.kinds[index]
  }

  /// A kind edited as text (photo is not: it is set with flow values).
  private static func textKind(_ params: Params) throws(RPCError) -> FieldKind {
    let kind = try kind(params)
    guard kind.isTextEdited else {
      throw .invalidParams(
        "field '\(kind.rawValue)' is not edited as text; validate its value with field/validate",
        parameter: "field")
    }
    return kind
  }

  private static func selection(_ range: Params) throws(RPCError) -> FieldSelection {
    try range.rejectUnknown(allowing: ParameterNames.selection)
    return FieldSelection(
      start: try range.requiredOffset("start"), end: try range.requiredOffset("end"))
  }

  private static func edit(_ request: Params, server: PetFlowServer) throws(RPCError) -> FieldEdit {
    let edit = try request.reading(ParameterNames.editMembers)
    let type = try edit.choice("type", from: ParameterNames.editTypes, what: "edit type")
    // Each type takes only some of the members: the others are refused by name.
    for (member, takenBy) in ParameterNames.editMemberTypes where !takenBy.contains(type) {
      if try edit.has(member) {
        throw .invalidParams(
          "unknown parameter '\(edit.qualified(member))' for this edit type",
          parameter: edit.qualified(member))
      }
    }
    switch type {
    case 0: return .insert(try server.limitedText(edit.string("text"), parameter: "edit.text"))
    case 1: return .deleteBackward
    case 2: return .deleteForward
    default:
      return .replace(
        start: try edit.requiredOffset("start"), end: try edit.requiredOffset("end"),
        text: try server.limitedText(edit.string("text"), parameter: "edit.text"))
    }
  }

  // MARK: - Results

  /// `{text, caret, selection, value, error, rejected?, dropped?, truncated?}`, written straight into
  /// the answer (this is every keystroke's result).
  static func write(_ result: FieldResult, locale: PetFlowKit.Locale, to answer: inout JSONWriter) {
    answer.writeRaw(#"{"text":"#)
    answer.write(string: result.text)
    answer.writeRaw(#","caret":"#)
    answer.write(int: result.selection.end)
    answer.writeRaw(#","selection":{"start":"#)
    answer.write(int: result.selection.start)
    answer.writeRaw(#","end":"#)
    answer.write(int: result.selection.end)
    answer.writeRaw(#"},"value":"#)
    FieldJSON.write(result.value, to: &answer)
    answer.writeRaw(#","error":"#)
    answer.write(FieldJSON.json(result.error, locale: locale))
    if result.rejected { answer.writeRaw(#","rejected":true"#) }
    if result.dropped { answer.writeRaw(#","dropped":true"#) }
    if result.truncated { answer.writeRaw(#","truncated":true"#) }
    answer.writeRaw("}")
  }
}

/// The parameter names each field method takes, spelled once.
private enum ParameterNames {
  static let format: [StaticString] = ["field", "text", "caret", "selection", "options"]
  static let edit: [StaticString] = ["field", "text", "selection", "edit", "options"]
  static let selection: [StaticString] = ["start", "end"]
  static let validate: [StaticString] = ["field", "text", "value", "options"]
  /// In the order `edit(_:server:)` switches on.
  static let editTypes: [StaticString] = ["insert", "deleteBackward", "deleteForward", "replace"]
  static let editMembers: [StaticString] = ["type", "text", "start", "end"]
  /// Which edit types (positions in `editTypes`) take each member other than `type`.
  static let editMemberTypes: [(StaticString, [Int])] = [
    ("text", [0, 3]), ("start", [3]), ("end", [3]),
  ]
}

/// Field kinds by name, as bytes to match a request against.
enum FieldKindNames {
  static let table: [(name: StaticString, kind: FieldKind)] = [
    ("chipNumber", .chipNumber), ("phone", .phone), ("email", .email), ("latitude", .latitude),
    ("longitude", .longitude), ("age", .age), ("date", .date), ("species", .species),
    ("gender", .gender), ("text", .text), ("photo", .photo),
  ]
  static let names = table.map(\.name)
  static let kinds = table.map(\.kind)
}
