@_spi(Engine) import PetFlowCore
import Testing

@Suite struct LanguageTests {
  @Test(arguments: [("de-AT", "de"), ("PL", "pl"), ("pl_PL", "pl"), ("haw", "haw"), ("en", "en")])
  func aTagCountsByItsPrimarySubtagLowercased(tag: String, code: String) {
    #expect(Language(tag)?.code == code)
  }

  @Test(arguments: ["", "e", "abcd", "abcdefghi", "d3", "-de", "ä", "de AT"])
  func whatIsNotTwoToThreeOrFiveToEightLettersIsRefused(tag: String) {
    #expect(Language(tag) == nil)
  }

  @Test func theShippedLanguagesAreEnglishThenPolish() {
    #expect(Language.shipped == [Language("en"), Language("pl")])
    #expect(Language.shipped.map(\.code) == ["en", "pl"])
  }

  @Test(arguments: ["en", "pl", "de", "haw", "enx"])
  func aLanguageIsShippedExactlyWhenTheShippedListHoldsIt(code: String) throws {
    let language = try #require(Language(code))
    #expect(language.isShipped == Language.shipped.contains(language))
  }

  @Test func anEightLetterSubtagRoundTrips() {
    #expect(Language("Abcdefgh-x")?.code == "abcdefgh")
  }
}

@Suite struct LocalizedTextTests {
  let dog: LocalizedText = [.pl: "Pies", .en: "Dog"]

  @Test func aTextAnswersInTheLanguageAsked() {
    #expect(dog.text(in: .pl) == "Pies")
    #expect(dog[.en] == "Dog")
  }

  @Test func aLanguageItDoesNotHoldFallsBackToEnglish() throws {
    let german = try #require(Language("de"))
    #expect(dog[german] == nil)
    #expect(dog.text(in: german) == "Dog")
  }

  @Test func withoutEnglishItFallsBackToTheFirstTextGiven() throws {
    let german = try #require(Language("de"))
    let french = try #require(Language("fr"))
    let text = LocalizedText([(german, "Hund"), (.pl, "Pies")])
    #expect(text.text(in: french) == "Hund")
    #expect(text.text(in: .en) == "Hund")
  }

  @Test func aLanguageGivenTwiceKeepsItsFirstText() {
    let text = LocalizedText([(.en, "Dog"), (.en, "Cat")])
    #expect(text.text(in: .en) == "Dog")
    #expect(text.languages == [.en])
  }

  @Test func equalTextsNeedNotListTheirLanguagesInTheSameOrder() {
    #expect(dog == LocalizedText(en: "Dog", pl: "Pies"))
    #expect(dog != LocalizedText(en: "Dog", pl: "Kot"))
  }
}
