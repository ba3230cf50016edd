// The text kind: free text, an optional hard cap in grapheme clusters, no error from the cap.
@_spi(Engine) import PetFlowCore
import Testing

@Suite struct TextFieldTests {
  let text = FieldKind.text
  let capFive = FieldOptions(maxLength: 5)

  @Test func insertKeepsOnlyWhatFits() {
    let result = text.edit("abc|", .insert("defgh"), options: capFive)
    #expect(result.marked == "abcde|")
    #expect(result.truncated)
    #expect(result.error == nil)
  }

  @Test func insertNeverSplitsACluster() {
    let result = text.edit("ab|", .insert("👨‍👩‍👧🇵🇱x"), options: FieldOptions(maxLength: 4))
    #expect(result.marked == "ab👨‍👩‍👧🇵🇱|")
    #expect(result.truncated)
  }

  @Test func insertInTheMiddleKeepsExistingText() {
    let result = text.edit("ab|cd", .insert("XYZ"), options: capFive)
    #expect(result.marked == "abX|cd")
  }

  @Test func insertReplacingSelectionGetsItsRoom() {
    let result = text.edit("a[bcd]e", .insert("XYZW"), options: capFive)
    #expect(result.marked == "aXYZ|e")
  }

  @Test func typingIntoFullTextIsRejected() {
    let result = text.edit("ab|cde", .insert("x"), options: capFive)
    #expect(result.rejected)
    #expect(result.marked == "ab|cde")
  }

  @Test func formatCutsTheTailOfOverlongText() {
    let result = text.format("abcdefg|", options: capFive)
    #expect(result.marked == "abcde|")
    #expect(result.truncated)
    #expect(result.error == nil)
  }

  @Test func capCountsClustersNotCodeUnits() {
    let result = text.format("🇵🇱🇵🇱🇵🇱👍🏽👍🏽e\u{301}", options: capFive)
    #expect(result.text == "🇵🇱🇵🇱🇵🇱👍🏽👍🏽")
  }

  @Test func withoutCapNothingIsCut() {
    let long = String(repeating: "x", count: 10_000)
    let result = text.read(.text(long))
    #expect(result.value == .string(long))
  }

  @Test func zeroCapRefusesEverything() {
    #expect(text.edit("|", .insert("a"), options: FieldOptions(maxLength: 0)).rejected)
  }

  @Test func valueIsTheTextAndNilWhenEmpty() {
    #expect(text.read(.text("Brown dog")).value == .string("Brown dog"))
    #expect(text.read(.text("")).value == nil)
  }

  @Test func requiredWhitespaceOnlyTextIsMissing() {
    let result = text.read(.text("   "), options: FieldOptions(required: true))
    #expect(result.value == nil)
    #expect(result.error?.code == "text.required")
  }

  @Test func optionalWhitespaceOnlyTextIsStoredAsAbsent() {
    let result = text.read(.text(" \t "))
    #expect(result.value == nil)
    #expect(result.error == nil)
  }

  @Test func wholeTextOverItsCapIsCutWithoutError() {
    let result = text.read(.text("abcdefg"), options: FieldOptions(maxLength: 5))
    #expect(result.value == .string("abcde"))
    #expect(result.error == nil)
  }

  @Test func typingReplacesSelectionAndCaretFollowsInsertedText() {
    #expect(text.edit("a[bc]d", .insert("XY")).marked == "aXY|d")
  }

  @Test func backspaceAtStartIsRejected() {
    let result = text.edit("|abc", .deleteBackward)
    #expect(result.rejected)
    #expect(result.marked == "|abc")
  }

  @Test func forwardDeleteAtEndIsRejected() {
    #expect(text.edit("abc|", .deleteForward).rejected)
  }

  @Test func emptyInsertIsNoChangeAndNotRejected() {
    let result = text.edit("ab|c", .insert(""))
    #expect(!result.rejected)
    #expect(result.marked == "ab|c")
  }

  @Test func replaceEditUsesItsOwnRange() {
    let result = text.edit("|Brown dog", .replace(start: 0, end: 5, text: "Black"))
    #expect(result.marked == "Black| dog")
  }
}
