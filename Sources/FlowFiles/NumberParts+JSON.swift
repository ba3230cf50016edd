import JSONRPC
@_spi(Engine) import PetFlowCore

// The one place a JSON number meets a field: a number a client sends (FieldJSON.swift) or a
// flow file compares (FlowReferenceChecks.swift) becomes PetFlowKit's `NumberParts`, and a
// stored number is written back through it (FlowWriter.swift). Here, in the one target that
// imports both sides, so that the daemon and the checker read a number the same way.

extension NumberParts {
  package init(_ json: JSONNumber.Parts) {
    self.init(
      negative: json.isNegative, integer: json.integer, fraction: json.fraction,
      exponent: json.exponent)
  }
}

extension JSONNumber.Parts {
  package init(_ number: NumberParts) {
    self.init(
      isNegative: number.negative, integer: number.integer, fraction: number.fraction,
      exponent: number.exponent)
  }
}
