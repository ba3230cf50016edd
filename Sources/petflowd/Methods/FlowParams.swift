import JSONRPC
import PetFlowKit

/// The params the flow methods share, `{flowId, values?, fields?, step, rev?}`, read in one
/// pass: each method takes the members `accepted` lists and refuses the others.
struct FlowParams {
  /// The optional members a method takes.
  struct Members: OptionSet {
    let rawValue: Int
    static let values = Members(rawValue: 1)
    static let fields = Members(rawValue: 2)
    static let rev = Members(rawValue: 4)
    static let step = Members(rawValue: 8)
  }

  typealias FieldInputs = [(field: String, input: FieldInput)]

  var flowId = ""
  /// Field values by field id, in the order given (a later duplicate wins when stored).
  var values: FieldInputs?
  var fields: [String]?
  var rev: Int?
  /// flow/goto's target step id.
  var step: String?

  init(_ params: Params, accepted: Members) throws(ParamError) {
    var flowId: String?
    try params.forEachMember { name, value throws(ParamError) in
      switch name {
      case "flowId": flowId = try value.string()
      case "values" where accepted.contains(.values):
        // `null` is absent, as for every other optional parameter.
        guard !value.isNull else { return }
        guard value.kind == .object, let object = try value.object() else {
          throw value.wrongType(expected: "an object of field values")
        }
        values = try Self.fieldInputs(object)
      case "fields" where accepted.contains(.fields): fields = try Self.fieldIds(value)
      case "rev" where accepted.contains(.rev): rev = try value.integer()
      case "step" where accepted.contains(.step): step = try value.string()
      default: throw value.unknown
      }
    }
    self.flowId = try params.required(flowId, "flowId")
  }

  /// An array of field ids (flow/validate's `fields`, a snapshot's `errors`); nil for null.
  static func fieldIds(_ value: ParamValue) throws(ParamError) -> [String]? {
    guard !value.isNull else { return nil }
    var ids: [String] = []
    try value.forEachElement(expected: "an array of field ids") { element throws(ParamError) in
      guard element.kind == .string else {
        throw value.wrongType(expected: "an array of field ids")
      }
      ids.append(try element.string())
    }
    return ids
  }

  /// The members of an object of field values (`values`, a snapshot's `rejected`) as inputs.
  static func fieldInputs(_ object: Params) throws(ParamError) -> FieldInputs {
    var inputs: FieldInputs = []
    try object.forEachMember { name, value throws(ParamError) in
      inputs.append((name.string, try FieldInput(value)))
    }
    return inputs
  }
}
