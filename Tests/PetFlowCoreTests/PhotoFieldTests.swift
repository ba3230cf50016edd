// The photo kind: attachment metadata only, required-ness and a usable image.
@_spi(Engine) import PetFlowCore
import Testing

@Suite struct PhotoFieldTests {
  let photo = FieldKind.photo
  let picture = PhotoMetadata(
    uri: "file:///tmp/dog.jpg", mimeType: "image/jpeg", sizeBytes: 1_024, fileName: "dog.jpg")

  @Test func photoIsItsOwnValue() {
    let result = photo.read(.photo(picture))
    #expect(result.value == .photo(picture))
    #expect(result.error == nil)
    #expect(photo.display(of: FieldInput.photo(picture)) == "dog.jpg")
  }

  @Test func requiredMissingPhotoIsMandatory() {
    let error = photo.read(.null, options: FieldOptions(required: true)).error
    #expect(error?.code == "photo.required")
    #expect(error?.message(in: .en) == "Photo is mandatory")
    #expect(error?.message(in: .pl) == "Zdjęcie jest wymagane")
  }

  @Test(
    "Unusable attachments are invalid",
    arguments: [
      PhotoMetadata(uri: "", mimeType: "image/png"),
      PhotoMetadata(uri: "  ", mimeType: "image/png"),
      PhotoMetadata(uri: "file:///a.txt", mimeType: "text/plain"),
      PhotoMetadata(uri: "file:///a.png", mimeType: "image/png", sizeBytes: -1),
    ])
  func unusableAttachment(metadata: PhotoMetadata) {
    #expect(photo.read(.photo(metadata)).error?.code == "photo.invalid")
  }

  @Test func mimeTypeIsCaseInsensitive() {
    let upper = PhotoMetadata(uri: "content://1", mimeType: "IMAGE/PNG")
    #expect(photo.read(.photo(upper)).error == nil)
  }

  @Test func textForPhotoIsWrongType() {
    #expect(photo.read(.text("dog.jpg")).error?.code == "field.invalid")
  }

  @Test func formatAndEditOnPhotoReturnEmptyResults() {
    let formatted = photo.format(
      "abc", selection: .caret(2), options: FieldOptions(), context: session())
    let edited = photo.edit(
      "abc", selection: .caret(2), edit: .deleteBackward, options: FieldOptions(),
      context: session())
    for result in [formatted, edited] {
      #expect(result.text.isEmpty)
      #expect(result.selection == .caret(0))
      #expect(result.value == nil)
    }
  }

  @Test func photoIsNotTextEdited() {
    #expect(!photo.isTextEdited)
    #expect(photo.keyboard == .none)
  }
}
