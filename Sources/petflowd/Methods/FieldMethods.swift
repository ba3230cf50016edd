import JSONRPC
import PetFlowKit

/// `field/format`, `field/edit`, `field/validate`, `field/list`: one field, one keystroke.
enum FieldMethods {
  /// Formats post-edit text (the SwiftUI / React onChange style), keeping the caret after
  /// the same significant characters.
  static func format(
    _ server: inout PetFlowServer, _ params: Params, _ answer: inout JSONWriter
  ) throws(RPCError) {
    let request = try params.read(FormatParams.init)
    let text = try server.limitedText(request.text, parameter: "text")
    let context = server.fieldContext()
    let result = request.field.format(
      text, selection: request.selection, options: request.options, context: context)
    write(result, locale: context.locale, to: &answer)
  }

  /// Applies one edit to the control's pre-edit state. The kind of edit is given, never
  /// guessed from a diff.
  static func edit(
    _ server: inout PetFlowServer, _ params: Params, _ answer: inout JSONWriter
  ) throws(RPCError) {
    let request = try params.read(EditParams.init)
    let text = try server.limitedText(request.text, parameter: "text")
    var edit = request.edit
    switch edit {
    case .insert(let inserted):
      edit = .insert(try server.limitedText(inserted, parameter: "edit.text"))
    case .replace(let start, let end, let inserted):
      edit = .replace(
        start: start, end: end, text: try server.limitedText(inserted, parameter: "edit.text"))
    case .deleteBackward, .deleteForward:
      break
    }
    let context = server.fieldContext()
    let result = request.field.edit(
      text, selection: request.selection, edit: edit, options: request.options, context: context)
    write(result, locale: context.locale, to: &answer)
  }

  /// Validates text as the control shows it (judged whole), or a value as a flow stores it.
  static func validate(_ server: inout PetFlowServer, _ params: Params) throws(RPCError)
    -> JSONValue
  {
    let request = try params.read(FieldValidateParams.init)
    let kind = request.field
    let context = server.fieldContext()
    let error: FieldError?
    switch request.subject {
    case .text(let text):
      let text = try server.limitedText(text, parameter: "text")
      error = kind.normalize(.text(text), options: request.options, context: context).error
    case .value(let input):
      error = kind.validate(stored: input, options: request.options, context: context)
    case .nothing:
      error = kind.normalize(.null, options: request.options, context: context).error
    }
    return .object(
      JSONObject([
        ("valid", .bool(error == nil)), ("error", FieldJSON.json(error, locale: context.locale)),
      ]))
  }

  /// Every field kind with what a UI needs to render it.
  static func list(_ server: inout PetFlowServer, _ params: Params) throws(RPCError) -> JSONValue {
    try params.read(FlowParams.none)
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
