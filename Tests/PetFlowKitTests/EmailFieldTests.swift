// The email kind: shown as typed, stored trimmed, valid by the documented pragmatic rule.
import PetFlowKit
import Testing

@Suite struct EmailFieldTests {
  let email = FieldKind.email

  @Test(
    "Addresses the rule accepts",
    arguments: [
      "finder@example.com", "test@test.com", "a.b-c+d@sub.example.co.uk", "żółw@przykład.pl",
      "x@a-b.io", "USER@EXAMPLE.ORG",
    ])
  func validAddress(address: String) {
    #expect(email.read(.text(address)).error == nil)
  }

  @Test(
    "Addresses the rule refuses",
    arguments: [
      "a", "a@", "@b.co", "a@b", "a@b.c", "a@@b.co", "a@b@c.co", "a b@c.co", "a@-b.co",
      "a@b-.co", "a@.b.co", "a@b..co", "a@b.co.", "a@b.c0", "a@b_c.co", "a@b.co m",
    ])
  func invalidAddress(address: String) {
    let error = email.read(.text(address)).error
    #expect(error?.code == "email.invalid")
    #expect(error?.message(in: .en) == "Enter a valid email address")
  }

  @Test func surroundingWhitespaceIsTrimmedFromTheValueOnly() {
    let result = email.format(
      "  finder@example.com ", selection: .caret(0), options: FieldOptions(), context: session())
    #expect(result.text == "  finder@example.com ")
    #expect(result.value == .string("finder@example.com"))
    #expect(result.error == nil)
  }

  @Test func whitespaceOnlyIsEmpty() {
    let result = email.read(.text("   "), options: FieldOptions(required: true))
    #expect(result.value == nil)
    #expect(result.error?.code == "email.required")
  }

  @Test func optionalEmptyEmailIsValid() {
    #expect(email.read(.text("")).error == nil)
  }

  @Test func overlongLocalPartIsInvalid() {
    let address = String(repeating: "a", count: 65) + "@example.com"
    #expect(email.read(.text(address)).error?.code == "email.invalid")
  }

  @Test func wholeAddressOver254CharactersIsTooLongNeverCut() {
    let address =
      String(repeating: "a", count: 60) + "@" + String(repeating: "b", count: 247) + ".pl"
    let result = email.read(.text(address))
    #expect(result.value == nil)
    #expect(result.error?.code == "email.tooLong")
    #expect(result.error?.params == [FieldError.Param("max", .int(254))])
  }

  @Test func surroundingWhitespaceDoesNotCountTowardsTheLimit() {
    let label = String(repeating: "b", count: 60)
    let address =
      String(repeating: "a", count: 60) + "@" + [label, label, label].joined(separator: ".") + ".pl"
    #expect(address.count == 246)
    let result = email.read(.text("         " + address + "   "))
    #expect(result.value == .string(address))
  }

  @Test func typingPastTheLimitKeepsTheCharacterAndSaysItIsTooLong() {
    let full = String(repeating: "a", count: 254)
    let result = email.edit(full + "|", .insert("b"))
    #expect(result.text == full + "b")
    #expect(!result.rejected && !result.truncated)
    #expect(result.error?.code == "email.tooLong")
  }

  @Test func typingEditsTheTextItself() {
    #expect(email.edit("finder|example.com", .insert("@")).marked == "finder@|example.com")
  }
}
