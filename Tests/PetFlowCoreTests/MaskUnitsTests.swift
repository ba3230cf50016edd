// Inline mask units hold the chip number's digits and behave like the array they replace.
@_spi(Engine) import PetFlowCore
import Testing

@Suite struct MaskUnitsTests {
  @Test func theChipNumberMaskFitsTheCapacity() {
    #expect(ChipNumberGrammar.mask.digitLimit <= MaskUnits.capacity)
  }

  @Test func appendsRemovalsAndPrefixesMatchAnArray() {
    var random = RandomField(seed: 23)
    for _ in 0..<500 {
      var units = MaskUnits()
      var array: [UInt8] = []
      for _ in 0..<random.int(0...40) {
        if random.int(0...3) == 0, !array.isEmpty {
          let position = random.int(0...(array.count - 1))
          units.remove(at: position)
          array.remove(at: position)
        } else if array.count < MaskUnits.capacity {
          let unit = UInt8(ascii: "0") + UInt8(random.int(0...9))
          units.append(unit)
          array.append(unit)
        }
        #expect(Array(units) == array)
        #expect(units == MaskUnits(array))
        #expect(units.text == String(decoding: array, as: UTF8.self))
        let kept = random.int(-1...(MaskUnits.capacity + 1))
        #expect(units.keepingFirst(kept) == MaskUnits(array.prefix(max(0, kept))))
      }
    }
  }
}

extension MaskUnits {
  init(_ units: some Sequence<UInt8>) {
    self.init()
    append(contentsOf: units)
  }
}
