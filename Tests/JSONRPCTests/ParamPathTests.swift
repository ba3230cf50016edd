import Testing

@testable import JSONRPC

/// A parameter's path, found from the tape only when an error names it, and names compared as
/// bytes at every length (the comparison takes words, overlapping at the ends).
struct ParamPathTests {
  /// The `parameter` of every value read from `text`'s members, depth first, nested objects and
  /// arrays opened.
  private func parameters(_ text: String) throws -> [String] {
    var tape = JSONTape()
    var found: [String] = []
    func visit(_ value: ParamValue) throws(ParamError) {
      found.append(value.parameter)
      switch value.kind {
      case .object?:
        try value.object()?.forEachMember { _, member throws(ParamError) in try visit(member) }
      case .array?:
        try value.forEachElement(expected: "an array") { element throws(ParamError) in
          try visit(element)
        }
      default: break
      }
    }
    try Array(text.utf8).withUnsafeBufferPointer { bytes throws in
      try tape.parse(bytes)
      let params = Params(document: tape.document(over: bytes), token: JSONDocument.root)
      try params.forEachMember { _, value throws(ParamError) in try visit(value) }
    }
    return found
  }

  @Test func siblingObjectsEachNameTheirOwnMembers() throws {
    #expect(
      try parameters(#"{"a":{"x":1,"y":{"z":2}},"b":{"x":3}}"#)
        == ["a", "a.x", "a.y", "a.y.z", "b", "b.x"])
  }

  @Test func anArrayAddsNoStepButItsName() throws {
    // An element is named by its array; a member of an element's object continues from there.
    #expect(
      try parameters(#"{"photos":[{"uri":"a"},{"uri":"b","size":1}],"n":0}"#)
        == ["photos", "photos", "photos.uri", "photos", "photos.uri", "photos.size", "n"])
  }

  @Test func escapedNamesAreDecodedInThePath() throws {
    #expect(try parameters(#"{"s\u0065l":{"st\"art":0}}"#) == ["sel", #"sel.st"art"#])
  }

  @Test func theParamsOfAnObjectBelowTheRootStartThere() throws {
    var tape = JSONTape()
    var names: [String] = []
    try Array(#"{"wrapper":{"inner":{"leaf":1}}}"#.utf8).withUnsafeBufferPointer { bytes throws in
      try tape.parse(bytes)
      let document = tape.document(over: bytes)
      // Token 2 is the wrapper's value: params read from there, as a snapshot member is.
      try Params(document: document, token: 2).forEachMember { _, inner throws(ParamError) in
        try inner.object()?.forEachMember { _, leaf throws(ParamError) in
          names.append(leaf.parameter)
        }
      }
    }
    #expect(names == ["inner.leaf"])
  }

  @Test(arguments: 1...24)
  func aNameMatchesItselfAndNoNameOneByteAway(length: Int) throws {
    let name = String((0..<length).map { Character(Unicode.Scalar(UInt8(0x61 + $0 % 26))) })
    var tape = JSONTape()
    try Array(#"["\#(name)"]"#.utf8).withUnsafeBufferPointer { bytes throws in
      try tape.parse(bytes)
      let document = tape.document(over: bytes)
      #expect(document.isString(at: 1, name))
      for position in 0..<length {
        var other = Array(name.utf8)
        other[position] = UInt8(ascii: "Z")
        #expect(!document.isString(at: 1, String(decoding: other, as: UTF8.self)))
      }
      #expect(!document.isString(at: 1, name + "a"))
      #expect(!document.isString(at: 1, String(name.dropLast())))
    }
  }
}
