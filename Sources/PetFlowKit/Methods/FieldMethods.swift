import JSONRPC
import PetFlowCore

/// `field/format`, `field/edit`, `field/validate`, `field/list`: one field, one keystroke.
enum FieldMethods {
  static func format(
    _ server: inout SessionHandler, _ request: FormatParams, _ answer: inout JSONWriter
  ) throws(RPCError) {
    try server.checkLength(request.text, parameter: "text")
    let context = server.fieldContext()
    let result = request.field.format(
      request.text, selection: request.selection, options: request.options, context: context)
    answer.fieldResult(result, language: context.language)
  }

  static func edit(
    _ server: inout SessionHandler, _ request: EditParams, _ answer: inout JSONWriter
  ) throws(RPCError) {
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
    answer.fieldResult(result, language: context.language)
  }

  /// Validates text as the control shows it (read whole, as typing reads it), or a value as a
  /// flow stores it: `{valid, value, error}`, the value the field would store.
  static func validate(
    _ server: inout SessionHandler, _ request: FieldValidateParams, _ answer: inout JSONWriter
  ) throws(RPCError) {
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
    answer.fieldError(reading.error, language: context.language)
    answer.endObject()
  }

  /// Every field kind with what a UI needs to render it.
  static func list(
    _ server: inout SessionHandler, _ _: NoParams, _ answer: inout JSONWriter
  ) throws(RPCError) {
    let language = server.settings.fieldLanguage
    answer.beginObject()
    answer.key("fields")
    answer.beginArray()
    for kind in StandaloneKind.allCases.map({ $0.kind }) {
      answer.fieldInfo(
        kind, label: kind.label(in: language), maxLength: kind.maxLength.map(Int64.init),
        describingKind: true,
        language: language)
    }
    answer.endArray()
    answer.endObject()
  }
}

/// field/format's params: `{field, text, caret? | selection?, options?}`.
struct FormatParams {
  var field: FieldKind
  var text: String
  var selection: FieldSelection
  var options: FieldOptions

  init(_ params: Params) throws(ParamError) {
    var field: FieldKind?
    var text: String?
    var caret: Int?
    var selection: FieldSelection?
    var options = OptionsParams()
    try params.forEachMember { name, value throws(ParamError) in
      switch name {
      case "field": field = try value.fieldKind()
      case "text": text = try value.string()
      case "caret": caret = try value.offset()
      case "selection": selection = try value.object().map(FieldSelection.init(reading:))
      case "options": options = try OptionsParams(value)
      default: throw value.unknown
      }
    }
    self.field = try FieldKind.textEdited(field, in: params)
    self.text = try params.required(text, "text")
    switch (caret, selection) {
    case (let caret?, nil): self.selection = .caret(caret)
    case (nil, let range?): self.selection = range
    case (nil, nil): self.selection = .caret(Int.max)  // no caret given: it stays at the end
    case (_?, _?):
      throw ParamError("give 'caret' or 'selection', not both", parameter: "selection")
    }
    self.options = try options.checked(for: self.field)
  }
}

/// field/edit's params: `{field, text, selection, edit, options?}`.
struct EditParams {
  var field: FieldKind
  var text: String
  var selection: FieldSelection
  var edit: FieldEdit
  var options: FieldOptions

  init(_ params: Params) throws(ParamError) {
    var field: FieldKind?
    var text: String?
    var selection: FieldSelection?
    var edit: FieldEdit?
    var options = OptionsParams()
    try params.forEachMember { name, value throws(ParamError) in
      switch name {
      case "field": field = try value.fieldKind()
      case "text": text = try value.string()
      case "selection": selection = try value.object().map(FieldSelection.init(reading:))
      case "edit": edit = try value.object().map(FieldEdit.init(reading:))
      case "options": options = try OptionsParams(value)
      default: throw value.unknown
      }
    }
    self.field = try FieldKind.textEdited(field, in: params)
    self.text = try params.required(text, "text")
    self.selection = try params.required(selection, "selection")
    self.edit = try params.required(edit, "edit")
    self.options = try options.checked(for: self.field)
  }
}

/// field/validate's params: `{field, text | value, options?}`.
struct FieldValidateParams {
  /// What to validate: text as the control shows it, or a value as a flow stores it.
  enum Subject {
    case text(String)
    case value(FieldInput)
  }

  var field: FieldKind
  var subject: Subject
  var options: FieldOptions

  init(_ params: Params) throws(ParamError) {
    var field: FieldKind?
    var text: String?
    var value: FieldInput?
    var options = OptionsParams()
    try params.forEachMember { name, member throws(ParamError) in
      switch name {
      case "field": field = try member.fieldKind()
      case "text": text = try member.string()
      case "value": value = try FieldInput(member)
      case "options": options = try OptionsParams(member)
      default: throw member.unknown
      }
    }
    self.field = try params.required(field, "field")
    switch (text, value) {
    case (_?, _?): throw ParamError("give 'text' or 'value', not both", parameter: "value")
    case (let text?, nil): subject = .text(text)
    // Neither is the empty value, as `value: null` is.
    case (nil, let value): subject = .value(value ?? .null)
    }
    self.options = try options.checked(for: self.field)
  }
}

/// `options: {required?, maxLength?}`, read before the kind they are checked against.
struct OptionsParams {
  var required: Bool?
  var maxLength: Int64?

  init() {}

  init(_ value: ParamValue) throws(ParamError) {
    try value.object()?.forEachMember { name, member throws(ParamError) in
      switch name {
      case "required": required = try member.bool()
      case "maxLength": maxLength = try member.nonNegativeInteger()
      default: throw member.unknown
      }
    }
  }

  /// The options, refused when they do not apply to `kind`.
  func checked(for kind: FieldKind) throws(ParamError) -> FieldOptions {
    if let maxLength {
      guard kind == .text else {
        throw ParamError(
          "'options.maxLength' applies only to text fields, not \(kind.rawValue)",
          parameter: "options.maxLength")
      }
      guard maxLength > 0 else {
        throw ParamError("'options.maxLength' must be at least 1", parameter: "options.maxLength")
      }
    }
    return FieldOptions(required: required ?? false, maxLength: maxLength)
  }
}

extension FieldKind {
  /// The kind named, when it is edited as text (photo is not: it is set with flow values).
  static func textEdited(_ kind: FieldKind?, in params: Params) throws(ParamError) -> FieldKind {
    guard let kind else { throw params.missing("field") }
    guard kind.isTextEdited else {
      throw ParamError(
        "field '\(kind.rawValue)' is not edited as text; validate its value with field/validate",
        parameter: "field")
    }
    return kind
  }
}

extension FieldSelection {
  init(reading range: Params) throws(ParamError) {
    var start: Int?
    var end: Int?
    try range.forEachMember { name, value throws(ParamError) in
      switch name {
      case "start": start = try value.offset()
      case "end": end = try value.offset()
      default: throw value.unknown
      }
    }
    self.init(
      start: try range.required(start, "start"),
      end: try range.required(end, "end"))
  }
}

/// The kinds of edit, as `edit.type` names them.
enum EditType: String, CaseIterable {
  case insert, deleteBackward, deleteForward, replace
}

extension FieldEdit {
  /// `{type, text?, start?, end?}`: each type takes only its own members.
  init(reading edit: Params) throws(ParamError) {
    var type: EditType?
    var text: ParamValue?
    var start: ParamValue?
    var end: ParamValue?
    try edit.forEachMember { name, value throws(ParamError) in
      switch name {
      case "type": type = try value.choice(of: EditType.self, "edit type")
      case "text": text = value
      case "start": start = value
      case "end": end = value
      default: throw value.unknown
      }
    }
    guard let type else { throw edit.missing("type") }
    // A member another type takes is refused by name, not ignored.
    let refused = type == .replace ? nil : type == .insert ? start ?? end : text ?? start ?? end
    if let refused {
      throw ParamError(
        "unknown parameter '\(refused.parameter)' for this edit type", parameter: refused.parameter)
    }
    switch type {
    case .insert: self = .insert(try edit.required(text, "text").string())
    case .deleteBackward: self = .deleteBackward
    case .deleteForward: self = .deleteForward
    case .replace:
      self = .replace(
        start: try edit.required(try start?.offset(), "start"),
        end: try edit.required(try end?.offset(), "end"),
        text: try edit.required(text, "text").string())
    }
  }
}

/// The kinds the field methods take: every kind but one whose values only a flow's field
/// declares (`choice`: outside a flow it has no options to judge by). `field/list` lists these.
struct StandaloneKind: CaseIterable, RawRepresentable {
  static let allCases = FieldKind.allCases.filter { !$0.isDeclaredByFlow }.map(Self.init(kind:))

  let kind: FieldKind

  init(kind: FieldKind) { self.kind = kind }

  init?(rawValue: String) {
    guard let kind = FieldKind(rawValue: rawValue), !kind.isDeclaredByFlow else { return nil }
    self.kind = kind
  }

  var rawValue: String { kind.rawValue }
}

extension ParamValue {
  /// A field method's `field`: a standalone kind, or the error that names the kinds there are
  /// (and, for `choice`, says where its values are judged instead).
  func fieldKind() throws(ParamError) -> FieldKind {
    do throws(ParamError) {
      return try choice(of: StandaloneKind.self, "field kind").kind
    } catch {
      guard let name = try? string(), let kind = FieldKind(rawValue: name) else { throw error }
      throw ParamError(
        "field kind '\(kind.rawValue)' takes its options from a flow's field; send its values with flow/update, flow/next or flow/validate",
        parameter: parameter)
    }
  }
}
