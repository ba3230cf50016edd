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

  /// Validates text as the control shows it (read whole, as typing reads it), or a value as a
  /// flow stores it: `{valid, value, error}`, the value the field would store.
  static func validate(
    _ server: inout PetFlowServer, _ params: Params, _ answer: inout JSONWriter
  ) throws(RPCError) {
    let request = try params.read(FieldValidateParams.init)
    let context = server.fieldContext()
    let reading: FieldReading
    switch request.subject {
    case .text(let text):
      try server.checkLength(text, parameter: "text")
      reading = request.field.read(.text(text), options: request.options, context: context)
    case .value(let input):
      try server.checkLengths(of: input, parameter: "value")
      reading = request.field.readStored(input, options: request.options, context: context)
    }
    answer.beginObject()
    answer.member("valid", reading.error == nil)
    answer.key("value")
    answer.fieldValue(reading.value)
    answer.key("error")
    answer.fieldError(reading.error, locale: context.locale)
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
    for kind in FieldKind.allCases {
      answer.fieldInfo(
        kind, label: kind.label(in: locale), maxLength: kind.maxLength, describingKind: true,
        locale: locale)
    }
    answer.endArray()
    answer.endObject()
  }
}
