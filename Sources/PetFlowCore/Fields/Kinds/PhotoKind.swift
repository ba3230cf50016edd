/// The photo kind: attachment metadata `{uri, mimeType, sizeBytes?, fileName?}`, never typed and
/// never opened, set whole by field/validate and flow values.
extension KindDeclaration {
  /// A photo's metadata (``PhotoMetadata``), set whole: never typed.
  static let photo = KindDeclaration(
    label: LocalizedText(en: "Photo", pl: "Zdjęcie"),
    hint: LocalizedText(en: "An image file", pl: "Plik graficzny"),
    keyboard: .none, editing: .none, required: FieldError(.photoRequired),
    codes: [.photoRequired, .photoInvalid, .photoType, .photoTooLarge])
}

enum PhotoGrammar {
  /// A photo a flow can send, for the code that asks a kind for a valid value.
  static let example = PhotoMetadata(uri: "photo.png", mimeType: "image/png")

  /// An attachment the flow can send: a location, an image type, no negative size.
  static func read(_ photo: PhotoMetadata) -> FieldReading {
    let isUsable =
      !Whitespace.trimmed(photo.uri).isEmpty
      && photo.mimeType.prefix(6).lowercased() == "image/"
      && (photo.sizeBytes ?? 0) >= 0
    return isUsable ? FieldReading(value: .photo(photo)) : .invalid(FieldError(.photoInvalid))
  }
}

/// What a photo field holds: where the attachment is and what it claims to be, never its bytes.
public struct PhotoMetadata: Equatable, Sendable {
  /// Where the app keeps the photo (`content://…`, `file://…`): the library never opens it.
  public var uri: String
  /// What the photo claims to be; an `image/` type, or the field has `photo.invalid`.
  public var mimeType: String
  /// Its size in bytes, when known; never negative.
  public var sizeBytes: Int64?
  /// Its file name, when known.
  public var fileName: String?

  /// A photo's metadata, as the app's picker gives it.
  public init(uri: String, mimeType: String, sizeBytes: Int64? = nil, fileName: String? = nil) {
    self.uri = uri
    self.mimeType = mimeType
    self.sizeBytes = sizeBytes
    self.fileName = fileName
  }
}

/// The kind's error codes, each with its message in every shipped language.
extension ErrorCode {
  package static let photoRequired = ErrorCode(
    "photo.required", LocalizedText(en: "Photo is mandatory", pl: "Zdjęcie jest wymagane"))
  package static let photoInvalid = ErrorCode(
    "photo.invalid", LocalizedText(en: "Attach an image file", pl: "Dołącz plik graficzny"))
  /// A type a flow file's `accept` leaves out (`params.accept`, the types it takes).
  package static let photoType = ErrorCode(
    "photo.type",
    LocalizedText(
      en: "The photo must be one of these types: {accept}",
      pl: "Zdjęcie musi mieć jeden z tych typów: {accept}"))
  /// A `sizeBytes` over a flow file's `maxBytes` (`params.max`).
  package static let photoTooLarge = ErrorCode(
    "photo.tooLarge",
    LocalizedText(
      en: "The photo must be at most {max} bytes", pl: "Zdjęcie może mieć najwyżej {max} B"))
}
