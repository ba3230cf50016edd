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
}
