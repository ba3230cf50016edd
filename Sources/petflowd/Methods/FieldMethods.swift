import JSONRPC
import PetFlowKit

/// `field/format`, `field/edit`, `field/validate`, `field/list`: one field, one keystroke.
enum FieldMethods {
  /// Formats post-edit text (the SwiftUI / React onChange style), keeping the caret after
  /// the same significant characters.
  static func format(_ server: inout PetFlowServer, _ params: Params) throws(RPCError) -> JSONValue
  {
    try params.rejectUnknown(allowing: ["field", "text", "caret", "selection", "options"])
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
    return json(result, locale: context.locale)
  }

  /// Applies one edit to the control's pre-edit state. The kind of edit is given, never
  /// guessed from a diff.
  static func edit(_ server: inout PetFlowServer, _ params: Params) throws(RPCError) -> JSONValue {
    try params.rejectUnknown(allowing: ["field", "text", "selection", "edit", "options"])
    let kind = try textKind(params)
    let text = try server.limitedText(params.string("text"), parameter: "text")
    let selection = try self.selection(params.requiredObject("selection"))
    let edit = try self.edit(params.requiredObject("edit"), server: server)
    let context = server.fieldContext()
    let result = kind.edit(
      text, selection: selection, edit: edit, options: try FieldJSON.options(params, kind: kind),
      context: context)
    return json(result, locale: context.locale)
  }

  /// Validates text as the control shows it, or a value as the flow would store it.
  static func validate(_ server: inout PetFlowServer, _ params: Params) throws(RPCError)
    -> JSONValue
  {
    try params.rejectUnknown(allowing: ["field", "text", "value", "options"])
    let kind = try self.kind(params)
    let input: FieldInput
    switch (try params.has("text"), try params.has("value")) {
    case (true, true):
      throw .invalidParams("give 'text' or 'value', not both", parameter: "value")
    case (true, false):
      input = .text(try server.limitedText(params.string("text"), parameter: "text"))
    case (false, true):
      input = try FieldJSON.input(try params.value("value") ?? .null, parameter: "value")
    case (false, false):
      input = .null
    }
    let context = server.fieldContext()
    let error = kind.normalize(
      input, options: try FieldJSON.options(params, kind: kind), context: context
    ).error
    return .object(
      JSONObject([
        ("valid", .bool(error == nil)), ("error", FieldJSON.json(error, locale: context.locale)),
      ]))
  }

  /// Every field kind with what a UI needs to render it.
  static func list(_ server: inout PetFlowServer, _ params: Params) throws(RPCError) -> JSONValue {
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
    let name = try params.string("field")
    guard let kind = FieldKind(rawValue: name) else {
      throw .invalidParams(
        "unknown field kind '\(name)'; known kinds: \(FieldKind.allCases.map(\.rawValue).joined(separator: ", "))",
        parameter: "field")
    }
    return kind
  }

  /// A kind edited as text (photo is not: it is set with flow values).
  private static func textKind(_ params: Params) throws(RPCError) -> FieldKind {
    let kind = try kind(params)
    guard kind.info.isTextEdited else {
      throw .invalidParams(
        "field '\(kind.rawValue)' is not edited as text; validate its value with field/validate",
        parameter: "field")
    }
    return kind
  }

  private static func selection(_ range: Params) throws(RPCError) -> FieldSelection {
    try range.rejectUnknown(allowing: ["start", "end"])
    return FieldSelection(
      start: try range.requiredOffset("start"), end: try range.requiredOffset("end"))
  }

  private static func edit(_ edit: Params, server: PetFlowServer) throws(RPCError) -> FieldEdit {
    let type = try edit.string("type")
    switch type {
    case "insert":
      try edit.rejectUnknown(allowing: ["type", "text"])
      return .insert(try server.limitedText(edit.string("text"), parameter: "edit.text"))
    case "deleteBackward":
      try edit.rejectUnknown(allowing: ["type"])
      return .deleteBackward
    case "deleteForward":
      try edit.rejectUnknown(allowing: ["type"])
      return .deleteForward
    case "replace":
      try edit.rejectUnknown(allowing: ["type", "start", "end", "text"])
      return .replace(
        start: try edit.requiredOffset("start"), end: try edit.requiredOffset("end"),
        text: try server.limitedText(edit.string("text"), parameter: "edit.text"))
    default:
      throw .invalidParams(
        "unknown edit type '\(type)'; expected insert, deleteBackward, deleteForward or replace",
        parameter: "edit.type")
    }
  }

  // MARK: - Results

  /// `{text, caret, selection, value, error, rejected?, truncated?}`.
  static func json(_ result: FieldResult, locale: PetFlowKit.Locale) -> JSONValue {
    var object = JSONObject(minimumCapacity: 7)
    object.append("text", .string(result.text))
    object.append("caret", .int(result.selection.end))
    object.append(
      "selection",
      .object(
        JSONObject([("start", .int(result.selection.start)), ("end", .int(result.selection.end))])))
    object.append("value", FieldJSON.json(result.value))
    object.append("error", FieldJSON.json(result.error, locale: locale))
    if result.rejected { object.append("rejected", true) }
    if result.truncated { object.append("truncated", true) }
    return .object(object)
  }
}
