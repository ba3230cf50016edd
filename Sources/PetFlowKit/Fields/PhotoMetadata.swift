/// What a photo field holds: where the attachment is and what it claims to be, never its bytes.
public struct PhotoMetadata: Equatable, Sendable {
  public var uri: String
  public var mimeType: String
  public var sizeBytes: Int?
  public var fileName: String?

  public init(uri: String, mimeType: String, sizeBytes: Int? = nil, fileName: String? = nil) {
    self.uri = uri
    self.mimeType = mimeType
    self.sizeBytes = sizeBytes
    self.fileName = fileName
  }
}
