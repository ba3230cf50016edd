import JSONRPC
import PetFlowKit

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
    var sizeBytes: Int?
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

extension NumberParts {
  init(_ json: JSONNumber.Parts) {
    self.init(
      negative: json.isNegative, integer: json.integer, fraction: json.fraction,
      exponent: json.exponent)
  }
}

extension JSONNumber.Parts {
  init(_ number: NumberParts) {
    self.init(
      isNegative: number.negative, integer: number.integer, fraction: number.fraction,
      exponent: number.exponent)
  }
}
