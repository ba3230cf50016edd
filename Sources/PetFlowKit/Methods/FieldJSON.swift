// Field values, inputs, errors and metadata as JSON both ways, for every field and flow method.

import FlowFiles
import JSONRPC
import PetFlowCore

extension FieldInput {
  /// A value as a client sends it, read from the message: text as the control shows it, a
  /// number for coordinates and age, the photo metadata object, or null to clear.
  init(_ value: ParamValue) throws(ParamError) {
    switch value.kind {
    case .string?: self = .text(try value.string())
    case .number?: self = .number(NumberParts(try value.number()?.parts ?? JSONNumber(0).parts))
    case .true?: self = .bool(true)
    case .false?: self = .bool(false)
    case .object?: self = try value.object().map(PhotoMetadata.init).map(FieldInput.photo) ?? .null
    case .array?:
      throw value.wrongType(expected: "text, a number, a photo object or null")
    case .null?, nil: self = .null
    }
  }
}

extension PhotoMetadata {
  /// `{uri, mimeType, sizeBytes?, fileName?}`; the daemon never opens the uri. A negative or
  /// huge size is a whole number still: the photo kind's rules call it `photo.invalid`, a
  /// result, as they do a mimeType that is not an image type.
  init(_ photo: Params) throws(ParamError) {
    var uri: String?
    var mimeType: String?
    var sizeBytes: Int64?
    var fileName: String?
    try photo.forEachMember { name, value throws(ParamError) in
      switch name {
      case "uri": uri = try value.string()
      case "mimeType": mimeType = try value.string()
      case "sizeBytes": sizeBytes = try value.integer()
      case "fileName": fileName = try value.optionalString()
      default: throw value.unknown
      }
    }
    self.init(
      uri: try photo.required(uri, "uri"), mimeType: try photo.required(mimeType, "mimeType"),
      sizeBytes: sizeBytes, fileName: fileName)
  }
}

/// Field values, errors, answers and metadata, written into an answer: the one place they
/// become JSON.
extension JSONWriter {
  /// A stored value: a string, an integer, a decimal number, the photo object; null when empty.
  mutating func fieldValue(_ value: FieldValue?) {
    switch value {
    case nil: null()
    case .string(let text)?: string(text)
    case .integer(let number)?: int(number)
    case .decimal(let number)?:
      decimal(negative: number.negative, significand: number.significand, scale: number.scale)
    case .photo(let photo)?: self.photo(photo)
    }
  }

  mutating func photo(_ photo: PhotoMetadata) {
    beginObject()
    member("uri", photo.uri)
    member("mimeType", photo.mimeType)
    if let size = photo.sizeBytes {
      member("sizeBytes", size)
    }
    if let name = photo.fileName {
      member("fileName", name)
    }
    endObject()
  }

  /// `{code, message, params?}`, the message in the session's language; null for none.
  mutating func fieldError(
    _ error: FieldError?, language: Language, message: String? = nil
  ) {
    guard let error else { return null() }
    beginObject()
    member("code", error.code)
    member("message", message ?? error.message(in: language))
    if !error.params.isEmpty {
      key("params")
      beginObject()
      for param in error.params {
        // A rule's message is the message, not a param.
        if case .text = param.value { continue }
        key(text: param.name)
        switch param.value {
        case .text: break
        case .int(let number): int(number)
        case .month(let number): int(number)
        case .string(let text): string(text)
        case .strings(let texts):
          beginArray()
          for text in texts { string(text) }
          endArray()
        }
      }
      endObject()
    }
    endObject()
  }

  /// A keystroke's answer; `rejected`, `dropped` and `truncated` only when true.
  mutating func fieldResult(_ result: FieldResult, language: Language) {
    beginObject()
    member("text", result.text)
    member("caret", result.selection.end)
    key("selection")
    beginObject()
    member("start", result.selection.start)
    member("end", result.selection.end)
    endObject()
    key("value")
    fieldValue(result.value)
    key("error")
    fieldError(result.error, language: language)
    if result.rejected {
      member("rejected", true)
    }
    if result.dropped {
      member("dropped", true)
    }
    if result.truncated {
      member("truncated", true)
    }
    endObject()
  }

  /// What a UI draws a field from. `field/list` describes kinds (`inputMode`, `editing`,
  /// `textEditable`); a flow step its fields (`id`, `required`, own `maxLength` and `choices`).
  mutating func fieldInfo(
    _ kind: FieldKind, id: String? = nil, label: String, hint: String? = nil,
    required: Bool? = nil, requiredWhen: FlowCondition? = nil, maxLength: Int64?,
    choices: [FieldOption]? = nil, describingKind: Bool = false, language: Language,
    texts: [String: String]? = nil
  ) {
    beginObject()
    if let id {
      member("id", id)
    }
    member("kind", kind.rawValue)
    member("label", label)
    member("hint", hint ?? kind.hint(in: language, texts: texts))
    if let required {
      member("required", required)
    }
    if let requiredWhen {
      key("requiredWhen")
      condition(requiredWhen)
    }
    member("placeholder", kind.placeholder(in: language, texts: texts))
    member("keyboard", kind.keyboard.rawValue)
    key("maxLength")
    if let maxLength { int(maxLength) } else { null() }
    key("options")
    let options = choices ?? kind.options
    if options.isEmpty {
      null()
    } else {
      beginArray()
      for option in options {
        beginObject()
        member("id", option.id)
        member("label", kind.label(of: option, in: language, texts: texts))
        endObject()
      }
      endArray()
    }
    if describingKind {
      member("inputMode", kind.keyboard.inputMode)
      member("editing", kind.editingName)
      member("textEditable", kind.isTextEdited)
    }
    endObject()
  }
}
