// "Did you mean": an unknown name within two edits of a known one ends its problem's message
// with the nearest; ids differing only in case are duplicates.
@_spi(Engine) import FlowFiles
import Testing

@Suite struct DidYouMeanTests {
  /// A sound flow of three steps.
  static let file = """
    {"formatVersion": 1, "id": "near", "version": 1, "title": {"en": "N", "pl": "N"},
     "steps": [
      {"id": "first", "title": {"en": "F", "pl": "F"},
       "fields": [{"id": "answer", "kind": "choice", "required": true, "label": {"en": "A", "pl": "A"},
         "options": [{"id": "yes", "label": {"en": "Y", "pl": "T"}}, {"id": "no", "label": {"en": "N", "pl": "N"}}]},
        {"id": "phone", "kind": "phone", "label": {"en": "P", "pl": "P"}}],
       "next": [{"when": {"field": "answer", "equals": "yes"}, "goto": "second"}, {"goto": "third"}]},
      {"id": "second", "title": {"en": "S", "pl": "S"}, "fields": [{"id": "phones", "kind": "text", "label": {"en": "P", "pl": "P"}}]},
      {"id": "third", "kind": "summary", "title": {"en": "T", "pl": "T"}}],
     "payload": {"answer": "answer", "phone": "phone", "phones": "phones"}}
    """

  /// The problems of the flow with `edit` made to its text.
  static func messages(_ edit: (String) -> String) -> [String] {
    let loaded = FlowFile.load(Array(edit(file).utf8), file: "f.json")
    return loaded.problems.map(\.message)
  }

  static func replacing(_ old: String, _ new: String) -> (String) -> String {
    { $0.replacing(old, with: new, maxReplacements: 1) }
  }

  @Test func theTemplateIsSound() {
    #expect(Self.messages { $0 } == [])
  }

  @Test func unknownKeyNamesTheMemberMeant() {
    let messages = Self.messages(Self.replacing(#""required": true"#, #""requird": true"#))
    #expect(messages.contains { $0.hasSuffix("; did you mean 'required'?") }, "\(messages)")
  }

  @Test func swappedNeighboursAreOneEdit() {
    let messages = Self.messages(Self.replacing(#""kind": "phone""#, #""kind": "phnoe""#))
    #expect(messages.contains { $0.hasSuffix("; did you mean 'phone'?") }, "\(messages)")
  }

  @Test func gotoNamesTheStepMeant() {
    let messages = Self.messages(Self.replacing(#""goto": "second""#, #""goto": "secnd""#))
    #expect(messages == ["'goto' names no step: 'secnd'; did you mean 'second'?"])
  }

  @Test func conditionNamesTheFieldMeant() {
    let messages = Self.messages(
      Self.replacing(#""field": "answer""#, #""field": "answr""#))
    #expect(messages == ["the condition names no field: 'answr'; did you mean 'answer'?"])
  }

  @Test func conditionValueNamesTheOptionMeant() {
    let messages = Self.messages(Self.replacing(#""equals": "yes""#, #""equals": "yse""#))
    #expect(messages.count == 1)
    #expect(messages.first?.hasSuffix("; did you mean 'yes'?") == true, "\(messages)")
  }

  @Test func aTieGoesToTheFirstInFileOrder() {
    // `phonez` is one edit from both `phone` and `phones`: `phone` comes first in the file.
    let messages = Self.messages(
      Self.replacing(#""phone": "phone""#, #""phone": "phonez""#))
    #expect(messages == ["payload 'phone' comes from no field: 'phonez'; did you mean 'phone'?"])
  }

  @Test func theNearestWinsOverAnEarlierFartherName() {
    // `phonesx` is two edits from `phone`, one from `phones`.
    let messages = Self.messages(
      Self.replacing(#""phones": "phones""#, #""phones": "phonesx""#))
    #expect(messages == ["payload 'phones' comes from no field: 'phonesx'; did you mean 'phones'?"])
  }

  @Test func aNameDifferingOnlyInCaseIsTheOneMeant() {
    let messages = Self.messages(Self.replacing(#""goto": "third""#, #""goto": "THIRD""#))
    #expect(messages == ["'goto' names no step: 'THIRD'; did you mean 'third'?"])
  }

  @Test func aFarNameSuggestsNothing() {
    // `hint` is two edits from `kind`, half of it: too far to be a typo of it.
    let messages = Self.messages(
      Self.replacing(#""id": "second", "title""#, #""id": "second", "hint": "x", "title""#))
    #expect(messages.count == 1)
    #expect(messages.allSatisfy { !$0.contains("did you mean") }, "\(messages)")
  }

  @Test func fieldIdsDifferingOnlyInCaseAreDuplicates() {
    let messages = Self.messages(Self.replacing(#""id": "phones""#, #""id": "Phone""#))
    #expect(
      messages.contains(
        "field id 'Phone' is also the id of a field of step 0 ('phone', differing only in case)"),
      "\(messages)")
  }

  @Test func stepIdsDifferingOnlyInCaseAreDuplicates() {
    let messages = Self.messages(Self.replacing(#""id": "second""#, #""id": "First""#))
    #expect(
      messages.contains(
        "step id 'First' is also the id of step 0 ('first', differing only in case)"),
      "\(messages)")
  }

  @Test func optionIdsDifferingOnlyInCaseAreDuplicates() {
    let messages = Self.messages(Self.replacing(#""id": "no""#, #""id": "YES""#))
    #expect(
      messages.contains(
        "option id 'YES' is given twice in field 'answer' ('yes', differing only in case)"),
      "\(messages)")
  }

  @Test func flowIdsDifferingOnlyInCaseAreDuplicates() {
    let sound = Self.file
    let loaded = FlowFileSet.load(files: ["a.json", "b.json"]) { name in
      .success(
        Array(
          (name == "a.json" ? sound : sound.replacing(#""id": "near""#, with: #""id": "Near""#))
            .utf8))
    }
    #expect(
      loaded.problems.map(\.message) == [
        "flow id 'Near' is also the id of a.json ('near', differing only in case)"
      ])
  }
}
