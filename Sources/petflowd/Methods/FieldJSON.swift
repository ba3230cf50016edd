import JSONRPC
import PetFlowKit

/// Field values, errors and inputs between JSON and PetFlowKit: the one place they convert.
enum FieldJSON {
  static func json(_ value: FieldValue?) -> JSONValue {
    switch value {
    case nil: return .null
    case .string(let text)?: return .string(text)
    case .integer(let number)?: return .int(number)
    case .decimal(let text)?:
      // PetFlowKit writes decimals as JSON number text; the reader confirms it.
      guard case .number(let number)? = try? JSONReader.parse(Array(text.utf8)) else {
        return .string(text)
      }
      return .number(number)
    case .photo(let photo)?: return json(photo)
    }
  }

  /// The same as `json(_:)`, written straight into an answer.
  static func write(_ value: FieldValue?, to answer: inout JSONWriter) {
    switch value {
    case nil: answer.writeRaw("null")
    case .string(let text)?: answer.write(string: text)
    case .integer(let number)?: answer.write(int: number)
    case .decimal?, .photo?: answer.write(json(value))
    }
  }

  static func json(_ photo: PhotoMetadata) -> JSONValue {
    var object = JSONObject(minimumCapacity: 4)
    object.append("uri", .string(photo.uri))
    object.append("mimeType", .string(photo.mimeType))
    if let size = photo.sizeBytes { object.append("sizeBytes", .int(size)) }
    if let name = photo.fileName { object.append("fileName", .string(name)) }
    return .object(object)
  }

  /// `{code, message, params?}`, the message in the session's language.
  static func json(_ error: FieldError?, locale: PetFlowKit.Locale) -> JSONValue {
    guard let error else { return .null }
    var object = JSONObject(minimumCapacity: 3)
    object.append("code", .string(error.code))
    object.append("message", .string(error.message(in: locale)))
    if !error.params.isEmpty {
      var params = JSONObject(minimumCapacity: error.params.count)
      for param in error.params { params.append(param.name, json(param.value)) }
      object.append("params", .object(params))
    }
    return .object(object)
  }

  /// The choices of a species or gender field, `[{id, label}]`; null for other kinds.
  static func json(_ options: [FieldOption], locale: PetFlowKit.Locale) -> JSONValue {
    guard !options.isEmpty else { return .null }
    return .array(
      options.map {
        .object(JSONObject([("id", .string($0.id)), ("label", .string($0.label(in: locale)))]))
      })
  }

  static func json(_ param: ErrorParam) -> JSONValue {
    switch param {
    case .int(let number): return .int(number)
    case .string(let text): return .string(text)
    case .strings(let texts): return .array(texts.map { .string($0) })
    }
  }

  /// A value as a client sends it: text as the control shows it, a number for coordinates
  /// and age, the photo metadata object, or null to clear.
  static func input(_ value: JSONValue, parameter: String) throws(RPCError) -> FieldInput {
    switch value {
    case .null: return .null
    case .string(let text): return .text(text)
    case .number(let number): return .number(number.text)
    case .bool(let flag): return .bool(flag)
    case .object:
      return .photo(try photo(Params(value, path: parameter + "."), parameter: parameter))
    case .array:
      throw .invalidParams(
        "'\(parameter)' must be text, a number, a photo object or null, not an array",
        parameter: parameter)
    }
  }

  /// Photo metadata `{uri, mimeType, sizeBytes?, fileName?}`; the daemon never opens the uri.
  /// A negative or huge size is a whole number still: the photo kind's rules call it
  /// `photo.invalid`, a result, as they do a mimeType that is not an image type.
  static func photo(_ params: Params, parameter: String) throws(RPCError) -> PhotoMetadata {
    let members = try params.reading(["uri", "mimeType", "sizeBytes", "fileName"])
    return PhotoMetadata(
      uri: try members.string("uri"),
      mimeType: try members.string("mimeType"),
      sizeBytes: try members.integer("sizeBytes"),
      fileName: try members.optionalString("fileName"))
  }

  /// `options: {required?, maxLength?}`, checked against the kind they are for.
  static func options(_ params: Params, kind: FieldKind) throws(RPCError) -> FieldOptions {
    guard let given = try params.object("options") else { return FieldOptions() }
    let options = try given.reading(["required", "maxLength"])
    let maxLength = try options.offset("maxLength")
    if maxLength != nil, kind != .text {
      throw .invalidParams(
        "'options.maxLength' applies only to text fields, not \(kind.rawValue)",
        parameter: "options.maxLength")
    }
    if maxLength == 0 {
      throw .invalidParams("'options.maxLength' must be at least 1", parameter: "options.maxLength")
    }
    return FieldOptions(required: try options.bool("required") ?? false, maxLength: maxLength)
  }
}
