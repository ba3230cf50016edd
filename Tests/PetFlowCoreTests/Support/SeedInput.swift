// The shared seed tables' values as PetFlowKit takes them.
@_spi(Engine) import PetFlowCore
import TestSupport

extension FieldInput {
  init(_ value: SeedValue) {
    switch value {
    case .null: self = .null
    case .text(let text): self = .text(text)
    case .number(let json): self = .number(json)
    case .bool(let flag): self = .bool(flag)
    case .photo: self = .photo(FoundPetStates.photo)
    }
  }
}
