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
    try server.checkLength(request.text, parameter: "text")
    let context = server.fieldContext()
    let result = request.field.format(
      request.text, selection: request.selection, options: request.options, context: context)
    answer.fieldResult(result, locale: context.locale)
  }

  /// Applies one edit to the control's pre-edit state. The kind of edit is given, never
  /// guessed from a diff.
  static func edit(
    _ server: inout PetFlowServer, _ params: Params, _ answer: inout JSONWriter
  ) throws(RPCError) {
    let request = try params.read(EditParams.init)
    try server.checkLength(request.text, parameter: "text")
    switch request.edit {
    case .insert(let inserted), .replace(_, _, let inserted):
      try server.checkLength(inserted, parameter: "edit.text")
    case .deleteBackward, .deleteForward:
      break
    }
    let context = server.fieldContext()
    let result = request.field.edit(
      request.text, selection: request.selection, edit: request.edit, options: request.options,
      context: context)
    answer.fieldResult(result, locale: context.locale)
  }

  /// Validates text as the control shows it (judged whole), or a value as a flow stores it.
  static func validate(
    _ server: inout PetFlowServer, _ params: Params, _ answer: inout JSONWriter
  ) throws(RPCError) {
    let request = try params.read(FieldValidateParams.init)
    let context = server.fieldContext()
    let error: FieldError?
    switch request.subject {
    case .text(let text):
      try server.checkLength(text, parameter: "text")
      error = request.field.normalize(.text(text), options: request.options, context: context).error
    case .value(let input):
      error = request.field.validate(stored: input, options: request.options, context: context)
    }
    answer.beginObject()
    answer.member("valid", error == nil)
    answer.key("error")
    answer.fieldError(error, locale: context.locale)
    answer.endObject()
  }

  /// Every field kind with what a UI needs to render it.
  static func list(
    _ server: inout PetFlowServer, _ params: Params, _ answer: inout JSONWriter
  ) throws(RPCError) {
    try params.none()
    let locale = server.settings.locale
    answer.beginObject()
    answer.key("fields")
    answer.beginArray()
    for kind in StandaloneKind.allCases.map(\.kind) {
      let info = kind.info
      answer.fieldInfo(
        kind, label: info.label(in: locale), maxLength: info.maxLength,
        textEditable: kind.isTextEdited, locale: locale)
    }
    answer.endArray()
    answer.endObject()
  }
}
