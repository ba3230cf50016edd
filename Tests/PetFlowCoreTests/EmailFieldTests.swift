// The email kind: shown as typed, stored trimmed, valid by the documented rule: the part before
// @ as a browser's <input type=email> judges it, the domain in any script.
@_spi(Engine) import PetFlowCore
import Testing

@Suite struct EmailFieldTests {
  let email = FieldKind.email

  @Test(
    "Addresses the rule accepts",
    arguments: [
      "finder@example.com", "test@test.com", "a.b-c+d@sub.example.co.uk", "jan@żółw.pl",
      "x@a-b.io", "USER@EXAMPLE.ORG", "!#$%&'*+/=?^_`{|}~-@example.com", ".a..b.@example.com",
    ])
  func validAddress(address: String) {
    #expect(email.read(.text(address)).error == nil)
  }

  @Test(
    "Addresses the rule refuses",
    arguments: [
      "a", "a@", "@b.co", "a@b", "a@b.c", "a@@b.co", "a@b@c.co", "a b@c.co", "a@-b.co",
      "a@b-.co", "a@.b.co", "a@b..co", "a@b.co.", "a@b.c0", "a@b_c.co", "a@b.co m",
      "a\"b@example.com", "a,b@example.com", "a<b>@example.com", "a(b)@example.com",
      "a:b@example.com", "a;b@example.com", "a[b]@example.com", "a\\b@example.com",
      "żółw@przykład.pl", "finder@example",
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

  @Test func sixtyFourCharactersBeforeTheAtAreFine() {
    let address = String(repeating: "a", count: 64) + "@example.com"
    #expect(email.read(.text(address)).error == nil)
  }

  @Test func sixtyFiveCharactersBeforeTheAtAreTooLongThere() {
    let address = String(repeating: "a", count: 65) + "@example.com"
    let error = email.read(.text(address)).error
    #expect(error?.code == "email.tooLong")
    #expect(
      error?.params == [
        FieldError.Param("max", .int(64)), FieldError.Param("part", .string("local")),
      ])
    #expect(error?.message(in: .en) == "The part before @ has at most 64 characters")
    #expect(error?.message(in: .pl) == "Część przed @ może mieć najwyżej 64 znaki")
  }

  @Test func sixtyFourLettersOfAnotherScriptBeforeTheAtAreInvalid() {
    let address = String(repeating: "ż", count: 64) + "@example.com"
    #expect(email.read(.text(address)).error?.code == "email.invalid")
  }

  @Test func wholeAddressOver254CharactersIsTooLongNeverCut() {
    let address =
      String(repeating: "a", count: 60) + "@" + String(repeating: "b", count: 247) + ".pl"
    let result = email.read(.text(address))
    #expect(result.value == nil)
    #expect(result.error?.code == "email.tooLong")
    #expect(
      result.error?.params == [
        FieldError.Param("max", .int(254)), FieldError.Param("part", .string("address")),
      ])
    #expect(result.error?.message(in: .en) == "An email address has at most 254 characters")
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
